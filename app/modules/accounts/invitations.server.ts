import { hashPassword, randomToken, sha256 } from "~/modules/auth/crypto.server";
import { destroyAllSessions } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";

/**
 * An admin creates an account without a password: the invitee gets a single-use link, valid 7 days, to set
 * one. Only the token's SHA-256 is stored; the link lives in the mail alone (the outbox keeps it only where
 * it is the delivery channel).
 */

const INVITATION_DAYS = 7;
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** The password hash of an invited account: no password matches it until the invitation is used. */
export const NO_PASSWORD = "invited";

export type InvitationState = "none" | "pending" | "expired" | "used" | "revoked";

export interface InvitationSummary {
  state: InvitationState;
  createdAt: string | null;
  expiresAt: string | null;
}

function invitationText(link: string): string {
  return [
    "An administrator has created a Developer Portal account for you.",
    "",
    `Open this link within ${INVITATION_DAYS} days to choose your password: ${link}`,
    "",
    "The link works once. If you did not expect this e-mail, ignore it.",
  ].join("\n");
}

/**
 * A new invitation for the account, mailed at once; every earlier one still open is revoked.
 * `invitationPath` is the localized page, e.g. /zh/invitation: the link is it, a slash and the token.
 */
export async function sendInvitation(userId: string, adminId: string, invitationPath: string, now = new Date()): Promise<void> {
  const user = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  const token = randomToken();
  await db
    .updateTable("invitations")
    .set({ revoked_at: nowIso(now) })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .execute();
  await db
    .insertInto("invitations")
    .values({
      id: newId(),
      user_id: userId,
      token_hash: sha256(token),
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + INVITATION_MS)),
      created_by: adminId,
    })
    .execute();
  const link = new URL(`${invitationPath}/${token}`, env.PUBLIC_URL).toString();
  await sendMail({
    to: user.email,
    subject: "Your Developer Portal account",
    text: invitationText(link),
    redactedText: invitationText("(link removed from the outbox)"),
  });
}

/** Revokes the account's open invitation; answers whether there was one. */
export async function revokeInvitation(userId: string): Promise<boolean> {
  const revoked = await db
    .updateTable("invitations")
    .set({ revoked_at: nowIso() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) > 0;
}

/** The state of the account's latest invitation. */
export async function invitationSummary(userId: string, now = new Date()): Promise<InvitationSummary> {
  const latest = await db
    .selectFrom("invitations")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { state: "none", createdAt: null, expiresAt: null };
  const state: InvitationState = latest.used_at
    ? "used"
    : latest.revoked_at
      ? "revoked"
      : latest.expires_at <= nowIso(now)
        ? "expired"
        : "pending";
  return { state, createdAt: latest.created_at, expiresAt: latest.expires_at };
}

async function findUsableInvitation(token: string) {
  return db
    .selectFrom("invitations")
    .innerJoin("users", "users.id", "invitations.user_id")
    .select(["invitations.id", "invitations.user_id", "users.email", "users.locked_at"])
    .where("invitations.token_hash", "=", sha256(token))
    .where("invitations.used_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** The invitee's e-mail address while the link works, else null. */
export async function usableInvitationEmail(token: string): Promise<string | null> {
  const invitation = await findUsableInvitation(token);
  return invitation && invitation.locked_at === null ? invitation.email : null;
}

/** Sets the invitee's password and spends the link; false when it no longer works (used, revoked, expired, locked). */
export async function acceptInvitation(token: string, password: string): Promise<boolean> {
  const invitation = await findUsableInvitation(token);
  if (!invitation || invitation.locked_at !== null) return false;
  const passwordHash = await hashPassword(password);
  const spent = await db
    .updateTable("invitations")
    .set({ used_at: nowIso() })
    .where("id", "=", invitation.id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return false;
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", invitation.user_id).execute();
  await destroyAllSessions(invitation.user_id);
  return true;
}
