import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { tokenHint } from "~/modules/auth/token-shapes";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { looksLikeTrialKey, TRIAL_KEY_PREFIX } from "./trial-key-shape";

/**
 * The sandbox's trial keys (SPEC.md section 2: the sandbox access link and its key are valid 7 days). A key is
 * issued when a registration's access link is followed, shown once, and stored as its SHA-256 only; the
 * sandbox data API accepts it until it expires.
 */

export const TRIAL_DAYS = 7;
const TRIAL_KEY_RANDOM_BYTES = 24;

export interface TrialKeyHolder {
  id: string;
  registrationId: string;
  expiresAt: string;
}

/** A new trial key for a registration, valid until `expiresAt` (the access link's own end). */
export async function issueTrialKey(registrationId: string, expiresAt: Date, now = new Date()): Promise<string> {
  const key = `${TRIAL_KEY_PREFIX}${randomToken(TRIAL_KEY_RANDOM_BYTES)}`;
  await db
    .insertInto("trial_keys")
    .values({
      id: newId(),
      registration_id: registrationId,
      key_hash: sha256(key),
      hint: tokenHint(key),
      created_at: nowIso(now),
      expires_at: nowIso(expiresAt),
    })
    .execute();
  return key;
}

/** The trial key's holder while it is valid; null for an unknown or expired key. Marks it used. */
export async function useTrialKey(key: string, now = new Date()): Promise<TrialKeyHolder | null> {
  if (!looksLikeTrialKey(key)) return null;
  const row = await db
    .selectFrom("trial_keys")
    .select(["id", "registration_id", "expires_at"])
    .where("key_hash", "=", sha256(key))
    .where("expires_at", ">", nowIso(now))
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable("trial_keys")
    .set({ last_used_at: nowIso(now) })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, registrationId: row.registration_id, expiresAt: row.expires_at };
}

/** The id of a valid trial key (its call log's account is `trial:{id}`), without marking it used; null otherwise. */
export async function trialKeyId(key: string, now = new Date()): Promise<string | null> {
  if (!looksLikeTrialKey(key)) return null;
  const row = await db
    .selectFrom("trial_keys")
    .select("id")
    .where("key_hash", "=", sha256(key))
    .where("expires_at", ">", nowIso(now))
    .executeTakeFirst();
  return row?.id ?? null;
}
