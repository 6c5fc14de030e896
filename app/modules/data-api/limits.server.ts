import { hitRateLimit, startCall, type InFlightCall } from "~/modules/rate-limit/rate-limit.server";
import { CALL_REFUSALS, CALLS_PER_SECOND, IN_FLIGHT_RETRY_SECONDS, RATE_WINDOW_MS } from "./call-rule";
import { tooManyRequests } from "./errors";

/**
 * The documented call rule (call-rule.ts), enforced per account in the shared limits store (the database, or
 * Redis) so it holds across instances and across the account's keys. Two parts:
 *  - sequential: a call of an account that starts while another call of the same account is still in
 *    flight is refused (429, Retry-After: 1), whatever the rate;
 *  - about 5 a second: at most CALLS_PER_SECOND calls of an account in a one-second window; the next one is
 *    refused with the seconds until the window ends.
 * Refused calls do not lengthen a window. Opening company cursors is metered on top (see the company v2 set).
 */

/** How long a call's in-flight mark holds at most, should its instance die before releasing it. */
const IN_FLIGHT_HOLD_MS = 30_000;

/** Admits one call of the caller or throws the 429; the caller releases the slot when the call ends. */
export async function admitCall(limitKey: string): Promise<InFlightCall> {
  const call = await startCall(`data-api:${limitKey}`, IN_FLIGHT_HOLD_MS);
  if (!call) throw tooManyRequests(CALL_REFUSALS.inFlight, IN_FLIGHT_RETRY_SECONDS);
  const rate = await hitRateLimit(`data-api:${limitKey}`, CALLS_PER_SECOND, RATE_WINDOW_MS);
  if (rate.allowed) return call;
  await call.release();
  throw tooManyRequests(CALL_REFUSALS.rate, rate.retryAfterSeconds);
}
