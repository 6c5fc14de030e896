import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { progressiveWaitMs, retrySeconds, slidingWindowWaitMs, type ProgressivePolicy } from "./limits";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

interface RecordedAttempt {
  id: string;
  /** The other attempts of the key inside the window, in milliseconds. */
  earlier: number[];
}

/**
 * Records the attempt first and only then reads the window: every concurrent caller sees its own row and
 * every row recorded before it, so a burst cannot all slip under the limit (no lock or transaction needed).
 */
async function recordAttempt(key: string, windowMs: number, now: number): Promise<RecordedAttempt> {
  const id = newId();
  const cutoff = nowIso(new Date(now - windowMs));
  await db
    .insertInto("rate_limit_events")
    .values({ id, key, created_at: nowIso(new Date(now)) })
    .execute();
  await db.deleteFrom("rate_limit_events").where("key", "=", key).where("created_at", "<", cutoff).execute();
  const rows = await db
    .selectFrom("rate_limit_events")
    .select(["id", "created_at"])
    .where("key", "=", key)
    .where("created_at", ">=", cutoff)
    .execute();
  return { id, earlier: rows.filter((row) => row.id !== id).map((row) => Date.parse(row.created_at)) };
}

/** A refused or successful attempt does not count against the key. */
export async function takeBackAttempt(id: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("id", "=", id).execute();
}

export async function clearRateLimit(key: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("key", "=", key).execute();
}

/** Counts one attempt for `key`; refuses it once `limit` attempts fall inside the sliding window. */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const now = Date.now();
  const attempt = await recordAttempt(key, windowMs, now);
  const waitMs = slidingWindowWaitMs(attempt.earlier, now, limit, windowMs);
  if (waitMs === 0) return { allowed: true, retryAfterSeconds: 0 };
  await takeBackAttempt(attempt.id);
  return { allowed: false, retryAfterSeconds: retrySeconds(waitMs) };
}

export type ProgressiveAttempt =
  (RateLimitResult & { allowed: true; attemptIds: Record<string, string> }) | (RateLimitResult & { allowed: false });

/**
 * Records one attempt under every key (sign-in: the account and the client address) and lets it go ahead
 * unless a key still has to wait out its growing delay; a refused attempt is taken back, so hammering a
 * key during its delay does not lengthen it. A failure the caller keeps counts towards the next delay.
 */
export async function startProgressiveAttempt(limits: readonly { key: string; policy: ProgressivePolicy }[]): Promise<ProgressiveAttempt> {
  const now = Date.now();
  const attempts = await Promise.all(limits.map(({ key, policy }) => recordAttempt(key, policy.windowMs, now)));
  const waitMs = Math.max(0, ...attempts.map((attempt, index) => progressiveWaitMs(attempt.earlier, now, limits[index]!.policy)));
  if (waitMs === 0) {
    return {
      allowed: true,
      retryAfterSeconds: 0,
      attemptIds: Object.fromEntries(limits.map(({ key }, index) => [key, attempts[index]!.id])),
    };
  }
  await Promise.all(attempts.map((attempt) => takeBackAttempt(attempt.id)));
  return { allowed: false, retryAfterSeconds: retrySeconds(waitMs) };
}
