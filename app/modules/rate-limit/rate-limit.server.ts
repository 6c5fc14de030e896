import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Whether `limit` events of `key` already fall inside the sliding window; old events are purged. */
export async function checkRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = Date.now();
  await db
    .deleteFrom("rate_limit_events")
    .where("key", "=", key)
    .where("created_at", "<", nowIso(new Date(now - windowMs)))
    .execute();
  const recent = await db
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("key", "=", key)
    .orderBy("created_at", "asc")
    .execute();
  if (recent.length < limit) return { allowed: true, retryAfterSeconds: 0 };
  const oldest = new Date(recent[0]!.created_at).getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
}

export async function recordRateLimitEvent(key: string): Promise<void> {
  await db.insertInto("rate_limit_events").values({ id: newId(), key, created_at: nowIso() }).execute();
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("key", "=", key).execute();
}

/** Counts one attempt for `key`; refuses it once `limit` attempts fall inside the sliding window. */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const result = await checkRateLimit(key, limit, windowMs);
  if (result.allowed) await recordRateLimitEvent(key);
  return result;
}
