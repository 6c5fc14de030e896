import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one attempt for `key`; refuses it once `limit` attempts fall inside the sliding window. */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = Date.now();
  const windowStart = nowIso(new Date(now - windowMs));
  await db.deleteFrom("rate_limit_events").where("key", "=", key).where("created_at", "<", windowStart).execute();
  const recent = await db
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("key", "=", key)
    .orderBy("created_at", "asc")
    .execute();
  if (recent.length >= limit) {
    const oldest = new Date(recent[0]!.created_at).getTime();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }
  await db.insertInto("rate_limit_events").values({ id: newId(), key, created_at: nowIso(new Date(now)) }).execute();
  return { allowed: true, retryAfterSeconds: 0 };
}
