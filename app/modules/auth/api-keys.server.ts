import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { Platform } from "~/modules/registry/registry";
import { randomToken, sha256 } from "./crypto.server";
import { platformProducts } from "./platforms";
import { API_KEY_RANDOM_BYTES, tokenHint } from "./token-shapes";
import {
  activeSubscriptionRows,
  activeSubscriptions,
  subscriptionsOf,
  type ActiveSubscription,
  type CurrentUser,
  type Subscriptions,
} from "./users.server";

export interface ApiKeySummary {
  platform: Platform;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** revoked: by an admin; locked: the account is locked (the key works again when it is unlocked). */
export type KeyStatus = "active" | "replaced" | "subscription-ended" | "revoked" | "locked";

export type KeyVerification = { valid: true } | { valid: false; reason: "unknown" | Exclude<KeyStatus, "active"> };

function canGenerateKey(subscriptions: Subscriptions, platform: Platform): boolean {
  return platformProducts[platform].some((product) => subscriptions[product]);
}

/** Platforms whose keys this user may hold, in the registry's order. */
export function keyPlatforms(subscriptions: Subscriptions): Platform[] {
  return (Object.keys(platformProducts) as Platform[]).filter((platform) => canGenerateKey(subscriptions, platform));
}

/**
 * A new key for the platform, shown once: the previous key stops working at once, and so do the fund-flows
 * sessions opened with it. Needs an active subscription to one of the platform's products; returns null
 * without one.
 */
export async function generateApiKey(user: CurrentUser, platform: Platform): Promise<string | null> {
  if (!canGenerateKey(user.subscriptions, platform)) return null;
  const key = `${platform}_${randomToken(API_KEY_RANDOM_BYTES)}`;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    // Fund-flows sessions opened with the replaced key end with it.
    await trx
      .deleteFrom("data_api_sessions")
      .where("api_key_id", "in", (eb) =>
        eb
          .selectFrom("api_keys")
          .select("id")
          .where("user_id", "=", user.id)
          .where("platform", "=", platform)
          .where("revoked_at", "is", null),
      )
      .execute();
    await trx
      .updateTable("api_keys")
      .set({ revoked_at: now, revoked_reason: "replaced" })
      .where("user_id", "=", user.id)
      .where("platform", "=", platform)
      .where("revoked_at", "is", null)
      .execute();
    await trx
      .insertInto("api_keys")
      .values({ id: newId(), user_id: user.id, platform, key_hash: sha256(key), hint: tokenHint(key), created_at: now })
      .execute();
  });
  return key;
}

/** New keys per account in any hour: enough to replace a leaked key, too few to make rotation a habit. */
export const KEYS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

export type KeyRequest =
  { outcome: "generated"; key: string } | { outcome: "not-subscribed" } | { outcome: "too-many"; retryAfterSeconds: number };

/** A key a person asked for (token page, /api/auth/generate-*-token): generateApiKey under the hourly limit. */
export async function requestApiKey(user: CurrentUser, platform: Platform): Promise<KeyRequest> {
  if (!canGenerateKey(user.subscriptions, platform)) return { outcome: "not-subscribed" };
  const limit = await hitRateLimit(`api-keys:account:${user.id}`, KEYS_PER_HOUR, HOUR_MS);
  if (!limit.allowed) return { outcome: "too-many", retryAfterSeconds: limit.retryAfterSeconds };
  const key = await generateApiKey(user, platform);
  return key ? { outcome: "generated", key } : { outcome: "not-subscribed" };
}

/** An admin revokes one key of the user; answers whether it was active. */
export async function revokeApiKey(userId: string, keyId: string): Promise<boolean> {
  const revoked = await db
    .updateTable("api_keys")
    .set({ revoked_at: nowIso(), revoked_reason: "revoked" })
    .where("id", "=", keyId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  await db.deleteFrom("data_api_sessions").where("api_key_id", "=", keyId).execute();
  return Number(revoked.numUpdatedRows) === 1;
}

export async function listActiveKeys(userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(["platform", "hint", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  return rows.map((row) => ({
    platform: row.platform as Platform,
    hint: row.hint,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** The key's row on the platform with its holder's account, found by its hash: the key itself is never stored. */
function findKey(platform: Platform, key: string) {
  return db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "api_keys.user_id",
      "api_keys.revoked_reason",
      "api_keys.last_used_at",
      "users.username",
      "users.is_admin",
      "users.locked_at",
    ])
    .where("api_keys.key_hash", "=", sha256(key.trim()))
    .where("api_keys.platform", "=", platform)
    .executeTakeFirst();
}

type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;

/** Whether a stored key works with these subscriptions in force: a key not yet deactivated whose subscription has ended does not. */
function keyStatus(row: KeyRow, subscriptions: Subscriptions, platform: Platform): KeyStatus {
  const reason = row.revoked_reason;
  if (reason === "replaced" || reason === "subscription-ended" || reason === "revoked") return reason;
  if (row.locked_at !== null) return "locked";
  return canGenerateKey(subscriptions, platform) ? "active" : "subscription-ended";
}

/** A working key's holder, as a data-API call needs it. */
export interface KeyHolder {
  keyId: string;
  userId: string;
  username: string;
  isAdmin: boolean;
  /** When the key was last used (written at most once a minute by its callers). */
  lastUsedAt: string | null;
  /** The holder's subscriptions in force. */
  subscriptions: ActiveSubscription[];
}

export type KeyCheck = { valid: true; holder: KeyHolder } | Extract<KeyVerification, { valid: false }>;

/**
 * Whether a key works on the platform at `now`, and whose it is: two queries (the key with its account, the
 * account's subscriptions), since every data-API call asks. A key whose subscription ended is deactivated here.
 */
export async function checkApiKey(platform: Platform, key: string, now: Date = new Date()): Promise<KeyCheck> {
  const row = await findKey(platform, key);
  if (!row) return { valid: false, reason: "unknown" };
  const subscriptions = await activeSubscriptionRows(row.user_id, now);
  const status = keyStatus(row, subscriptionsOf(subscriptions), platform);
  if (status === "active") {
    return {
      valid: true,
      holder: {
        keyId: row.id,
        userId: row.user_id,
        username: row.username,
        isAdmin: row.is_admin === 1,
        lastUsedAt: row.last_used_at,
        subscriptions,
      },
    };
  }
  if (row.revoked_reason === null && status === "subscription-ended") {
    await db
      .updateTable("api_keys")
      .set({ revoked_at: nowIso(now), revoked_reason: status })
      .where("id", "=", row.id)
      .execute();
  }
  return { valid: false, reason: status };
}

/** Whether a key works on the platform now (checkApiKey without the holder: /api/auth/token's answer). */
export async function verifyApiKey(platform: Platform, key: string): Promise<KeyVerification> {
  const check = await checkApiKey(platform, key);
  return check.valid ? { valid: true } : check;
}

/** Whose key this is on the platform and whether it works, changing nothing (the token decoder). */
export async function describeApiKey(platform: Platform, key: string): Promise<{ userId: string; status: KeyStatus } | null> {
  const row = await findKey(platform, key);
  if (!row) return null;
  return { userId: row.user_id, status: keyStatus(row, await activeSubscriptions(row.user_id), platform) };
}

/**
 * Deactivates every active key whose subscription has ended, of everyone or of one user (an admin ended a
 * subscription); answers how many (the worker runs it hourly).
 */
export async function deactivateEndedKeys(now: Date = new Date(), userId?: string): Promise<number> {
  const keys = await db
    .selectFrom("api_keys")
    .select(["id", "user_id", "platform"])
    .where("revoked_at", "is", null)
    .$if(userId !== undefined, (query) => query.where("user_id", "=", userId!))
    .execute();
  const subscriptions = new Map<string, Subscriptions>();
  let deactivated = 0;
  for (const key of keys) {
    if (!subscriptions.has(key.user_id)) subscriptions.set(key.user_id, await activeSubscriptions(key.user_id, now));
    if (canGenerateKey(subscriptions.get(key.user_id)!, key.platform as Platform)) continue;
    await db
      .updateTable("api_keys")
      .set({ revoked_at: nowIso(now), revoked_reason: "subscription-ended" })
      .where("id", "=", key.id)
      .where("revoked_at", "is", null)
      .execute();
    deactivated++;
  }
  return deactivated;
}
