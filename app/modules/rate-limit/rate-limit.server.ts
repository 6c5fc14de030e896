import { RateLimiterRes, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { database } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import { progressiveDelayMs, retrySeconds, type ProgressivePolicy } from "./limits";
import { limiterMaker, redisStore, type MakeLimiter } from "./limiter-store.server";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface InFlightCall {
  release(): Promise<void>;
}

/** Counters that never refuse: their callers decide from the count (progressive delays). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** The limiter's answer for a refused consume; anything else it rejects with is a store failure. */
async function consumed(limiter: RateLimiterStoreAbstract, key: string, options?: { customDuration: number }): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, 1, options);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

const refused = (result: RateLimiterRes, points: number) => result.consumedPoints > points;

/**
 * Every limit of the portal on rate-limiter-flexible (fixed windows), on one store. Keys are stored as given;
 * a progressive key's current delay is kept under "wait:", an in-flight call under "in-flight:" and a one-time
 * claim under "claim:".
 */
export function createLimits(makeLimiter: MakeLimiter) {
  const limiters = new Map<string, RateLimiterStoreAbstract>();
  const limiter = (keyPrefix: string, points: number, durationMs: number) => {
    const id = `${keyPrefix}|${points}|${durationMs}`;
    let found = limiters.get(id);
    if (!found) {
      found = makeLimiter({ keyPrefix, points, durationMs });
      limiters.set(id, found);
    }
    return found;
  };
  // Deleting does not depend on the window: any limiter of the prefix deletes its keys.
  const counts = (windowMs: number) => limiter("", UNLIMITED, windowMs);
  const waits = () => limiter("wait", 1, 1000);

  /** Counts one attempt for `key`; refuses it once `limit` attempts fall inside the window. */
  async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const window = limiter("", limit, windowMs);
    const result = await consumed(window, key);
    if (!refused(result, limit)) return { allowed: true, retryAfterSeconds: 0 };
    // A refused attempt is not counted: the key holds its `limit` attempts, whatever was refused.
    await window.reward(key, 1);
    return { allowed: false, retryAfterSeconds: retrySeconds(result.msBeforeNext) };
  }

  /** Forgets every attempt of the key (a successful sign-in clears the account's failures). */
  async function clearRateLimit(key: string): Promise<void> {
    await Promise.all([counts(1000).delete(key), waits().delete(key)]);
  }

  /** A successful attempt does not count against the key; the attempts before it still do. */
  async function takeBackAttempt(key: string, policy: ProgressivePolicy): Promise<void> {
    // The attempt went ahead, so the delay before it had passed: the one it set in case it failed goes.
    await Promise.all([counts(policy.windowMs).reward(key, 1), waits().delete(key)]);
  }

  /**
   * Counts one attempt under every key (sign-in: the account and the client address) and lets it go ahead unless
   * a key still waits out its growing delay. An attempt that goes ahead counts as a failure until the caller
   * takes it back, and starts the delay its failure earns: of a concurrent burst past the free failures, one
   * takes the wait and the rest are refused. A refused attempt is taken back, so hammering a key during its
   * delay does not lengthen it.
   */
  async function startProgressiveAttempt(limits: readonly { key: string; policy: ProgressivePolicy }[]): Promise<RateLimitResult> {
    const failures = await Promise.all(limits.map(({ key, policy }) => counts(policy.windowMs).penalty(key, 1)));
    const gates = await Promise.all(
      limits.map(async ({ key, policy }, index) => {
        const delayMs = progressiveDelayMs(failures[index]!.consumedPoints, policy);
        if (delayMs === 0) return null;
        return consumed(waits(), key, { customDuration: Math.ceil(delayMs / 1000) });
      }),
    );
    const waitMs = Math.max(0, ...gates.map((gate) => (gate && refused(gate, 1) ? gate.msBeforeNext : 0)));
    if (waitMs === 0) return { allowed: true, retryAfterSeconds: 0 };
    await Promise.all(
      limits.map(async ({ key, policy }, index) => {
        await counts(policy.windowMs).reward(key, 1);
        const gate = gates[index];
        if (!gate) return;
        // A delay this attempt started goes with it; one that was already running stays as it was.
        if (refused(gate, 1)) await waits().reward(key, 1);
        else await waits().delete(key);
      }),
    );
    return { allowed: false, retryAfterSeconds: retrySeconds(waitMs) };
  }

  /**
   * Takes the caller's one slot for a call, or answers null while another call of the caller is in flight. The
   * slot expires on its own after `holdMs`, so a crashed instance cannot block the caller for long; a call that
   * outlives it may free the slot of the call that took it over, which only lets one more call overlap.
   */
  async function startCall(caller: string, holdMs: number): Promise<InFlightCall | null> {
    const slots = limiter("in-flight", 1, holdMs);
    if (refused(await consumed(slots, caller), 1)) return null;
    return {
      async release() {
        await slots.delete(caller);
      },
    };
  }

  /** True for the first claim of `id` within `lifetimeMs`, false for every later one (a used captcha solution). */
  async function claimOnce(id: string, lifetimeMs: number): Promise<boolean> {
    return !refused(await consumed(limiter("claim", 1, lifetimeMs), id), 1);
  }

  return { hitRateLimit, clearRateLimit, takeBackAttempt, startProgressiveAttempt, startCall, claimOnce };
}

const limits = createLimits(limiterMaker(env.REDIS_URL ? redisStore(env.REDIS_URL) : database.client));

export const { hitRateLimit, clearRateLimit, takeBackAttempt, startProgressiveAttempt, startCall, claimOnce } = limits;
