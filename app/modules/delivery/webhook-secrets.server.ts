import { randomBytes } from "node:crypto";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { openBoundSecret, sealBoundSecret } from "~/modules/secrets/secret-key.server";

/**
 * Each subscriber's webhook signing secret (whsec_…), sealed like FTP passwords and bound to its owner, created on
 * first need. After a rotation the previous secret keeps signing beside the new one for a day, so a receiver can
 * switch to the new secret without rejecting a webhook in between.
 */

export const rotationOverlapMs = 24 * 60 * 60 * 1000;

const binding = (userId: string) => `webhook-secret:${userId}`;

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The owner's current secret, created when they have none (two callers at once get the same one). */
export async function webhookSecret(userId: string): Promise<string> {
  await db
    .insertInto("webhook_secrets")
    .values({ user_id: userId, secret_sealed: sealBoundSecret(newSecret(), binding(userId)), created_at: nowIso() })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  const row = await db.selectFrom("webhook_secrets").select("secret_sealed").where("user_id", "=", userId).executeTakeFirstOrThrow();
  return openBoundSecret(row.secret_sealed, binding(userId));
}

/** A new current secret; the one it replaces signs too until `now` plus a day. Returns the new secret. */
export async function rotateWebhookSecret(userId: string, now = new Date()): Promise<string> {
  await webhookSecret(userId);
  const secret = newSecret();
  await db
    .updateTable("webhook_secrets")
    .set((eb) => ({
      previous_sealed: eb.ref("secret_sealed"),
      previous_expires_at: nowIso(new Date(now.getTime() + rotationOverlapMs)),
      secret_sealed: sealBoundSecret(secret, binding(userId)),
      rotated_at: nowIso(now),
    }))
    .where("user_id", "=", userId)
    .execute();
  return secret;
}

/** The secrets a webhook sent at `now` is signed with: the current one, and the previous one during its overlap. */
export async function signingSecrets(userId: string, now = new Date()): Promise<string[]> {
  const current = await webhookSecret(userId);
  const row = await db
    .selectFrom("webhook_secrets")
    .select(["previous_sealed", "previous_expires_at"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  const { previous_sealed: previous, previous_expires_at: expires } = row;
  if (!previous || !expires || new Date(expires).getTime() <= now.getTime()) return [current];
  return [current, openBoundSecret(previous, binding(userId))];
}

/** Until when the previous secret still signs (ISO 8601), or null when only the current one does. */
export async function previousSecretUntil(userId: string, now = new Date()): Promise<string | null> {
  const row = await db.selectFrom("webhook_secrets").select("previous_expires_at").where("user_id", "=", userId).executeTakeFirst();
  const until = row?.previous_expires_at ?? null;
  return until && new Date(until).getTime() > now.getTime() ? until : null;
}
