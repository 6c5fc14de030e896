import { z } from "zod";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { enqueue } from "~/modules/jobs/queue.server";
import type { JobContext } from "~/modules/jobs/worker.server";
import { sendMail } from "~/modules/mail/mail.server";
import { addressLimitKey } from "~/modules/rate-limit/address-key";
import { hitRateLimit, type RateLimitResult } from "~/modules/rate-limit/rate-limit.server";
import { hashPassword, randomToken, sha256 } from "./crypto.server";
import { destroyAllSessions } from "./session.server";
import { findUserByEmail } from "./users.server";

const RESET_MS = 60 * 60 * 1000;
const REQUEST_WINDOW_MS = 60 * 60 * 1000;
/** Per typed address, whether or not it has an account: enough for a lost mail, too few to flood an inbox. */
const REQUESTS_PER_ACCOUNT = 3;
const REQUESTS_PER_CLIENT_ADDRESS = 10;

/** The job that makes the link and mails it, so the answer never waits for SMTP or depends on the account. */
export const passwordResetMailJob = "password-reset-mail";

const resetJobPayloadSchema = z.object({
  email: z.string().min(1),
  /** The localized path of the reset page, e.g. /zh/reset-password: the link is this path, a slash and the token. */
  resetPath: z.string().regex(/^\/(?![/\\])/),
});

export interface ResetRequest {
  email: string;
  resetPath: string;
  /** The client address from the HTTP server; null only outside it. */
  clientAddress: string | null;
}

/**
 * Takes a reset request with the same work and the same answer whether or not the account exists: the rate
 * limits key on the typed address and the client, and a job looks the account up and mails the link.
 */
export async function requestPasswordReset(request: ResetRequest): Promise<RateLimitResult> {
  const limits = [
    { key: `reset:address:${addressLimitKey(request.clientAddress)}`, limit: REQUESTS_PER_CLIENT_ADDRESS },
    { key: `reset:account:${request.email.toLowerCase()}`, limit: REQUESTS_PER_ACCOUNT },
  ];
  for (const { key, limit } of limits) {
    const result = await hitRateLimit(key, limit, REQUEST_WINDOW_MS);
    if (!result.allowed) return result;
  }
  await enqueue(passwordResetMailJob, resetJobPayloadSchema.parse({ email: request.email, resetPath: request.resetPath }));
  return { allowed: true, retryAfterSeconds: 0 };
}

/** An admin sends the account a reset link: the same mail job, without the requester's rate limits. */
export async function queuePasswordResetMail(email: string, resetPath: string): Promise<void> {
  await enqueue(passwordResetMailJob, resetJobPayloadSchema.parse({ email, resetPath }));
}

/** A new link for the account; every older link of it stops working. */
async function issueResetToken(userId: string): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db
    .insertInto("password_resets")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + RESET_MS)),
    })
    .execute();
  await db.deleteFrom("password_resets").where("user_id", "=", userId).where("created_at", "<", nowIso(now)).execute();
  return token;
}

function resetMailText(link: string): string {
  return [
    "Someone asked to reset the password of your Developer Portal account.",
    "",
    `Open this link within one hour to choose a new password: ${link}`,
    "",
    "The link works once. If you did not ask for it, ignore this e-mail; your password stays as it is.",
  ].join("\n");
}

/** Job handler: unknown addresses get no mail; the outbox keeps the link only where it is the delivery channel. */
export async function sendPasswordResetMail({ payload }: Pick<JobContext, "payload">): Promise<void> {
  const { email, resetPath } = resetJobPayloadSchema.parse(payload);
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = await issueResetToken(user.id);
  const link = new URL(`${resetPath}/${token}`, env.PUBLIC_URL).toString();
  await sendMail({
    to: user.email,
    subject: "Reset your Developer Portal password",
    text: resetMailText(link),
    redactedText: resetMailText("(link removed from the outbox)"),
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

/** Sets the new password, spends the link, ends every other link and every session of the account. */
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
  await db.deleteFrom("password_resets").where("user_id", "=", reset.user_id).where("token_hash", "!=", reset.token_hash).execute();
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", reset.user_id).execute();
  await destroyAllSessions(reset.user_id);
  return true;
}
