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

/** A stored point: its date, its value's text and, when stored, its revision and publication. */
const storedPoint = /\["([^"]*)",([^,\]]*)(?:,[^\]]*)?\]/g;

/**
 * The stored text without the points a later point of the same date supersedes. Only a point stored with its
 * publication (`,"` appears in no other) can follow one of its date, and they are few: finding them beats
 * comparing every point with the next.
 */
function withoutSupersededPoints(stored: string): string {
  let kept = "";
  let from = 0;
  for (let marker = stored.indexOf(',"'); marker !== -1; marker = stored.indexOf(',"', marker + 2)) {
    const start = stored.lastIndexOf("[", marker);
    const previous = stored.lastIndexOf("[", start - 1);
    // The point before (not the array's own bracket at 0) is of the same date: drop it and its comma.
    if (previous > 0 && stored.startsWith(stored.slice(start, stored.indexOf('"', start + 2) + 1), previous)) {
      kept += stored.slice(from, previous);
      from = start;
    }
  }
  return from === 0 ? stored : kept + stored.slice(from);
}

/**
 * The latest value of each date as the JSON text of `[{"date":…,"value":…},…]`, rewritten from the stored text
 * without parsing it: a dump of points as published writes this for every series, and parsing then serialising
 * the points again (and the garbage of a million small objects) was most of the dump's time (issue 27). The
 * stored text is JSON.stringify's of StoredPoint[] (the seed and the advance write it): no spaces, dates without
 * escapes, each number already in the form JSON.stringify writes it, so the result is JSON.stringify's of the
 * parsed points' dates and values. One regular-expression pass gives one flat string, cheap to write out.
 */
export function jsonOfLatestPoints(stored: string): string {
  return withoutSupersededPoints(stored).replace(storedPoint, '{"date":"$1","value":$2}');
}
