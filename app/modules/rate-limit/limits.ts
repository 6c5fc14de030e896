/** The figures of the portal's progressive limits (sign-in), decided by rate-limit.server.ts. */
export interface ProgressivePolicy {
  /** Failures inside the window that cost no wait. */
  free: number;
  /** The wait after the first failure beyond `free`; each further one doubles it. */
  firstDelayMs: number;
  /** The longest wait: an attacker can slow the owner down, never lock them out. */
  maxDelayMs: number;
  windowMs: number;
}

/** How long after the failure that made `failures` the next attempt has to wait: 0 while the free failures last. */
export function progressiveDelayMs(failures: number, policy: ProgressivePolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.free));
}

/** Whole seconds for the message and Retry-After, never 0 for a refusal. */
export function retrySeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
