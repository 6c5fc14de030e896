/** How the dumps list and details say how long a running dump still needs. */

export type Remaining =
  { kind: "unknown" } | { kind: "underMinute" } | { kind: "minutes"; minutes: number } | { kind: "hours"; hours: number; minutes: number };

export function remainingTime(estimatedEnd: string | null, now: number): Remaining {
  if (!estimatedEnd) return { kind: "unknown" };
  const seconds = Math.max(0, (Date.parse(estimatedEnd) - now) / 1000);
  if (seconds < 60) return { kind: "underMinute" };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return { kind: "minutes", minutes };
  return { kind: "hours", hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Queued and running dumps still change: the pages poll while one is shown. */
export function isActiveDumpStatus(status: string): boolean {
  return status === "queued" || status === "running";
}
