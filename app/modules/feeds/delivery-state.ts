import { z } from "zod";

/**
 * A delivery's state as subscribers read it (issue 27), and when its retries fall due. The deliveries table keeps
 * its status (pending, succeeded, failed, skipped) and the attempts made; this is the one reading of the two.
 */

export const deliveryStates = ["pending", "retrying", "delivered", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

const minute = 60_000;

/** The waits after each failed attempt: 1, 5 and 30 minutes, then 2 and 6 hours; the attempt after the last gives up. */
const deliveryBackoffMs: readonly number[] = [1 * minute, 5 * minute, 30 * minute, 120 * minute, 360 * minute];

/** The first attempt and one per wait. */
export const deliveryMaxAttempts = deliveryBackoffMs.length + 1;

/** The wait after the given number of failed attempts, or null when none is left. */
export function retryWaitMs(failedAttempts: number): number | null {
  return deliveryBackoffMs[failedAttempts - 1] ?? null;
}

/** A skipped delivery (not sent, the daily e-mail limit) reached no one: for the subscriber it failed. */
export function deliveryState(status: string, attempts: number): DeliveryState {
  if (status === "succeeded") return "delivered";
  if (status === "failed" || status === "skipped") return "failed";
  return attempts > 0 ? "retrying" : "pending";
}

/** A run's or dump's deliveries as one state: any failure fails it, then any still retrying, pending, delivered. */
export function overallState(states: readonly DeliveryState[]): DeliveryState | null {
  if (states.length === 0) return null;
  for (const state of ["failed", "retrying", "pending"] as const) if (states.includes(state)) return state;
  return "delivered";
}

/** The worker's wait before a delivery's next try, after this many attempts (the last wait once they are used up). */
export function deliveryRetryDelayMs(attempts: number): number {
  return retryWaitMs(attempts) ?? deliveryBackoffMs[deliveryBackoffMs.length - 1]!;
}

/** "Retry delivery now", on the page (runId or dumpId beside intent) and in the JSON API: a feed's run or a dump. */
export const retryDeliverySchema = z.object({
  runId: z.string().trim().max(100).optional(),
  dumpId: z.string().trim().max(100).optional(),
});

/**
 * What "Retry delivery now" tells the user, on the page and in the JSON API: tried again, already being tried by a
 * worker (nothing to do but wait for its outcome), or nothing to retry.
 */
export function retryMessage(outcome: { retried: number; inProgress: number }) {
  if (outcome.retried > 0) return "deliveryHistory.retried" as const;
  if (outcome.inProgress > 0) return "deliveryHistory.alreadyInProgress" as const;
  return "deliveryHistory.nothingToRetry" as const;
}
