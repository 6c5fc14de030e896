/**
 * Pure decisions over the attempts already recorded for one key. The caller has recorded its own attempt
 * before asking, so `earlier` holds every other attempt inside the window (times in milliseconds).
 */

/** A sliding window: at most `limit` attempts per `windowMs`. Answers how long to wait, 0 when allowed. */
export function slidingWindowWaitMs(earlier: readonly number[], now: number, limit: number, windowMs: number): number {
  if (earlier.length < limit) return 0;
  const sorted = [...earlier].sort((a, b) => a - b);
  // Room opens when enough of the oldest attempts have left the window for this one to be the limit-th.
  const freeingAttempt = sorted[earlier.length - limit]!;
  return Math.max(1, freeingAttempt + windowMs - now);
}

export interface ProgressivePolicy {
  /** Failures inside the window that cost no wait. */
  free: number;
  /** The wait after the first failure beyond `free`; each further one doubles it. */
  firstDelayMs: number;
  /** The longest wait: an attacker can slow the owner down, never lock them out. */
  maxDelayMs: number;
  windowMs: number;
}

/** How long after the newest failure the next attempt has to wait: 0 while the free failures last. */
export function progressiveDelayMs(failures: number, policy: ProgressivePolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.free));
}

/** How long this attempt still has to wait, 0 when it may go ahead. */
export function progressiveWaitMs(earlier: readonly number[], now: number, policy: ProgressivePolicy): number {
  const delay = progressiveDelayMs(earlier.length, policy);
  if (delay === 0) return 0;
  const newest = Math.max(...earlier);
  return Math.max(0, newest + delay - now);
}

/** Whole seconds for the message and Retry-After, never 0 for a refusal. */
export function retrySeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
