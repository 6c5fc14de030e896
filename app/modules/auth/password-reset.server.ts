import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";
import { hashPassword, randomToken, sha256 } from "./crypto.server";
import { destroyAllSessions } from "./session.server";
import { findUserByEmail } from "./users.server";

const RESET_MS = 60 * 60 * 1000;

/**
 * Mails a single-use link valid for one hour. Unknown addresses get no mail and the same answer,
 * so the form does not reveal who has an account.
 */
export async function requestPasswordReset(email: string, resetPath: (token: string) => string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = randomToken();
  const now = new Date();
  await db
    .insertInto("password_resets")
    .values({
      token_hash: sha256(token),
      user_id: user.id,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + RESET_MS)),
    })
    .execute();
  const link = new URL(resetPath(token), env.PUBLIC_URL).toString();
  await sendMail({
    to: user.email,
    subject: "Reset your Developer Portal password",
    text: [
      "Someone asked to reset the password of your Developer Portal account.",
      "",
      `Open this link within one hour to choose a new password: ${link}`,
      "",
      "The link works once. If you did not ask for it, ignore this e-mail; your password stays as it is.",
    ].join("\n"),
  });
}

async function findUsableReset(token: string) {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  return Boolean(await findUsableReset(token));
}

/** Sets the new password, spends the link and ends every session of the account. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const reset = await findUsableReset(token);
  if (!reset) return false;
  const passwordHash = await hashPassword(password);
  const spent = await db
    .updateTable("password_resets")
    .set({ used_at: nowIso() })
    .where("token_hash", "=", reset.token_hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return false;
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", reset.user_id).execute();
  await destroyAllSessions(reset.user_id);
  return true;
}
