import { createRandom, type Random } from "~/modules/catalog/random";

/**
 * The sets without catalog tables (insights, deals, markets, fund flows) derive their records from the
 * catalog's reference data with seeded generators: record n depends only on its key and n, so every call and
 * every instance sees the same records.
 */
export const seeded = (...keys: (string | number)[]): Random => createRandom("data-api", ...keys);

/** A moment between two ISO times. */
export function momentBetween(random: Random, from: string, to: string): string {
  const start = Date.parse(from);
  return new Date(start + Math.floor(random() * (Date.parse(to) - start))).toISOString();
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Pages of an in-memory list, as the catalog's searches answer them. */
export function pageOf<T>(items: readonly T[], offset: number, limit: number): { total: number; offset: number; limit: number; data: T[] } {
  return { total: items.length, offset, limit, data: items.slice(offset, offset + limit) };
}

/** Words of a keyword, lower case; every one must be found. */
export function matchesKeyword(haystack: string, keyword: string | undefined): boolean {
  const text = haystack.toLowerCase();
  return (keyword ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
