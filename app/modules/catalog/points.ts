import type { Point, PointsOptions, SeriesFrequency } from "./catalog";
import { publishedAt, type StoredPoint } from "./generator";

function toPoint(frequency: SeriesFrequency, point: StoredPoint): Point {
  return { date: point[0], value: point[1], revision: point[2] ?? 0, publishedAt: publishedAt(frequency, point) };
}

/** The latest published value of each date (stored points are ordered by date, then revision). */
function latestOfEachDate(stored: readonly StoredPoint[]): StoredPoint[] {
  return stored.filter((point, i) => stored[i + 1]?.[0] !== point[0]);
}

/**
 * The points a reader asks for: the latest value of each date, or every vintage; with `publishedAfter`,
 * only values published after that moment (new points and revisions).
 */
export function selectPoints(frequency: SeriesFrequency, stored: readonly StoredPoint[], options: PointsOptions = {}): Point[] {
  const chosen = (options.vintages ? stored : latestOfEachDate(stored)).map((point) => toPoint(frequency, point));
  const after = options.publishedAfter;
  return after ? chosen.filter((point) => point.publishedAt > after) : chosen;
}
