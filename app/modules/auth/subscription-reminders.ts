/**
 * Which reminder e-mails a subscription's end date makes due (issue 26): 14 days and 1 day before it. A run that
 * finds several thresholds passed at once (a subscription put in 10 hours before its end, or a worker that was down)
 * claims them all and sends one mail, for the nearest.
 */

export const REMINDER_THRESHOLD_DAYS = [14, 1] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An end date in year 9999 or later is an open-ended subscription: it never ends, so nothing reminds of it. */
export function isOpenEnded(endsAt: string): boolean {
  return new Date(endsAt).getUTCFullYear() >= 9999;
}

export interface DueReminder {
  /** Every threshold the end date has come within, nearest last. */
  thresholds: number[];
  /** The days left, rounded up: what the mail says. */
  daysLeft: number;
}

/** The reminders due now for a subscription ending at `endsAt`; null when none is (ended, open-ended or far off). */
export function dueReminder(endsAt: string, now: Date): DueReminder | null {
  if (isOpenEnded(endsAt)) return null;
  const left = Date.parse(endsAt) - now.getTime();
  if (!(left > 0)) return null;
  const thresholds = REMINDER_THRESHOLD_DAYS.filter((days) => left <= days * DAY_MS);
  if (thresholds.length === 0) return null;
  return { thresholds, daysLeft: Math.ceil(left / DAY_MS) };
}
