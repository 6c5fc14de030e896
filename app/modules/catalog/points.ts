import type { DateValue, DateValueSlices } from "~/modules/delivery/serialize";
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

/**
 * The latest value of each date as `[{date, value}]` JSON, kept beside the stored points (catalog_series_points
 * latest_json): the bytes a dump of points as published writes for the series, copied as they are (issue 27).
 */
export function latestValuesJson(stored: readonly StoredPoint[]): string {
  return JSON.stringify(latestOfEachDate(stored).map(([date, value]) => ({ date, value })));
}

const openBracket = 0x5b;
const closeBracket = 0x5d;
const quote = 0x22;
const comma = 0x2c;
const hyphen = 0x2d;
const zero = 0x30;
const nine = 0x39;

/** Digits and hyphens: all a stored date holds, with nothing to escape in JSON or XML. */
function dateCharacter(code: number): boolean {
  return (code >= zero && code <= nine) || code === hyphen;
}

let scratch = new Int32Array(4096);

/**
 * The latest value of each date as slices of the stored text, found in one pass over its bytes without parsing it:
 * a dump of points as published writes them for every series, and parsing then serialising the points again (and
 * the garbage of a million small objects) was most of the dump's time (issue 27). The stored text is
 * JSON.stringify's of StoredPoint[] (the seed and the advance write it): no spaces, and a point stored with its
 * revision follows the one it supersedes. Null when the text holds anything else (a date of other characters, a
 * value that is not a number): the caller parses it instead.
 */
function latestPointSlices(text: Uint8Array): DateValueSlices | null {
  if (text[0] !== openBracket) return null;
  let count = 0;
  let at = 1;
  if (text[at] === closeBracket) at++;
  else
    for (;;) {
      if (text[at] !== openBracket || text[at + 1] !== quote) return null;
      const dateStart = at + 2;
      let end = dateStart;
      for (; end < text.length && text[end] !== quote; end++) if (!dateCharacter(text[end]!)) return null;
      // A number (not null, a string or an array) starts with a digit or a minus sign and is ASCII up to the next comma or bracket.
      if (text[end + 1] !== comma || !dateCharacter(text[end + 2]!)) return null;
      const dateEnd = end;
      const valueStart = end + 2;
      for (end = valueStart; end < text.length && text[end] !== comma && text[end] !== closeBracket; end++);
      const valueEnd = end;
      // The revision and publication: nothing in them holds a closing bracket.
      const revised = text[end] === comma;
      if (revised) end = text.indexOf(closeBracket, end);
      if (end < 0) return null;
      // Only a point stored with its revision follows one of its date, and supersedes it.
      if (revised && count > 0 && sameBytes(text, scratch[count - 4]!, scratch[count - 3]!, dateStart, dateEnd)) count -= 4;
      if (count + 4 > scratch.length) {
        const larger = new Int32Array(scratch.length * 2);
        larger.set(scratch);
        scratch = larger;
      }
      scratch[count++] = dateStart;
      scratch[count++] = dateEnd;
      scratch[count++] = valueStart;
      scratch[count++] = valueEnd;
      at = end + 2;
      if (text[end + 1] === closeBracket) break;
      if (text[end + 1] !== comma) return null;
    }
  return at === text.length ? { text, offsets: scratch.slice(0, count) } : null;
}

function sameBytes(text: Uint8Array, start: number, end: number, otherStart: number, otherEnd: number): boolean {
  if (end - start !== otherEnd - otherStart) return false;
  for (let index = 0; index < end - start; index++) if (text[start + index] !== text[otherStart + index]) return false;
  return true;
}

/** The latest value of each date of the stored points (their JSON text as UTF-8), as slices when it can. */
export function storedLatestValues(stored: Uint8Array): DateValueSlices | DateValue[] {
  const slices = latestPointSlices(stored);
  if (slices) return slices;
  const points: StoredPoint[] = JSON.parse(new TextDecoder().decode(stored));
  return latestOfEachDate(points).map(([date, value]) => ({ date, value }));
}
