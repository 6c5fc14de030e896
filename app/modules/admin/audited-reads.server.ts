import { recordAdminAction } from "~/modules/audit/audit.server";
import type { TokenDecoding } from "~/modules/auth/token-decoder";
import { decodeToken } from "~/modules/auth/token-decoder.server";
import { findUserByEmail, type CurrentUser } from "~/modules/auth/users.server";
import { env } from "~/modules/env/env.server";
import { showOutboxMessage, type ShownOutboxMessage } from "~/modules/mail/outbox-lookup";
import { findOutboxMessage } from "~/modules/mail/outbox.server";
import { outboxKeepsLinks } from "~/modules/mail/security-mail";

/**
 * Admin reads that could open someone's account: an outbox message (a reset link) and a token's owner. Each is
 * recorded in the audit trail here, so the page and the JSON API alike leave a trace.
 */

type Admin = Pick<CurrentUser, "id" | "username">;

/** One outbox message as an admin reads it; a security mail shows its link only where the outbox keeps links. */
export async function readOutboxMessage(admin: Admin, id: string): Promise<ShownOutboxMessage | undefined> {
  const row = await findOutboxMessage(id);
  if (!row) return undefined;
  const recipient = await findUserByEmail(row.recipient);
  await recordAdminAction(admin, {
    action: "outbox-read",
    target: row.id,
    ownerId: recipient?.id ?? null,
    details: { recipient: row.recipient },
  });
  return showOutboxMessage(row, outboxKeepsLinks(env));
}

/** Whose token it is; the audit trail names the token by its hint only, never the token. */
export async function decodeTokenAsAdmin(admin: Admin, token: string): Promise<TokenDecoding> {
  const decoding = await decodeToken(token);
  await recordAdminAction(admin, {
    action: "token-decode",
    target: "hint" in decoding ? decoding.hint : "",
    ownerId: decoding.found ? decoding.userId : null,
    details: { outcome: decoding.found ? "found" : decoding.reason },
  });
  return decoding;
}
