import { startCall, type InFlightCall } from "~/modules/rate-limit/in-flight.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { tooManyRequests } from "./errors";

/**
 * The documented call rules, enforced per key in the database so they hold across instances. SPEC.md and
 * every spec say "about 5 API calls per second on average, sequential" and "a second call within a second is
 * rejected" with 429. Read together, that is two rules:
 *  - sequential: a call of a key that starts while another call of the same key is still in flight is
 *    refused (429, Retry-After: 1), whatever the rate;
 *  - about 5 a second: at most CALLS_PER_SECOND calls of a key in any rolling second; the next one is
 *    refused with the seconds until the oldest leaves the window.
 * Refused calls do not count. Opening company cursors is metered on top (see the company v2 set).
 */
export const CALLS_PER_SECOND = 5;
const WINDOW_MS = 1000;
/** How long a call's in-flight mark holds at most, should its instance die before releasing it. */
const IN_FLIGHT_HOLD_MS = 30_000;

/** Admits one call of the caller or throws the 429; the caller releases the slot when the call ends. */
export async function admitCall(limitKey: string): Promise<InFlightCall> {
  const call = await startCall(`data-api:${limitKey}`, IN_FLIGHT_HOLD_MS);
  if (!call) throw tooManyRequests("Too many requests: calls must be sequential; wait for the previous call to finish.", 1);
  const rate = await hitRateLimit(`data-api:${limitKey}`, CALLS_PER_SECOND, WINDOW_MS);
  if (rate.allowed) return call;
  await call.release();
  throw tooManyRequests(
    `Too many requests: at most ${CALLS_PER_SECOND} calls per second; wait before calling again.`,
    rate.retryAfterSeconds,
  );
}
