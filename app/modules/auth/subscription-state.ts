const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription this close to its end is shown as ending, with the days left (the admin list's "ending" too). */
const ENDING_DAYS = 30;
/** End dates from this year on stand for "no end date". */
const OPEN_ENDED_YEAR = 9999;

export type SubscriptionState = { state: "upcoming" } | { state: "active" } | { state: "ending"; daysLeft: number } | { state: "ended" };

export function isOpenEnded(endsAt: string): boolean {
  return new Date(endsAt).getUTCFullYear() >= OPEN_ENDED_YEAR;
}

/** Where a subscription stands at `now`: not started, running, ending within 30 days (days left rounded up), or ended. */
export function subscriptionState(subscription: { startsAt: string; endsAt: string }, now: number): SubscriptionState {
  const starts = Date.parse(subscription.startsAt);
  const ends = Date.parse(subscription.endsAt);
  if (ends <= now) return { state: "ended" };
  if (starts > now) return { state: "upcoming" };
  const daysLeft = Math.ceil((ends - now) / DAY_MS);
  return daysLeft <= ENDING_DAYS ? { state: "ending", daysLeft } : { state: "active" };
}
