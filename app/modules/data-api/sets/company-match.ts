import type { Company } from "~/modules/catalog/catalog";
import { round } from "./seeded";

/**
 * How well a company matches a name and details from someone's records, from 0 to 1: mostly the overlap of
 * the names' words (Dice coefficient), a little for the same city, address words and website name.
 */

export interface MatchQuery {
  name: string;
  city?: string;
  address?: string;
  website?: string;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const shared = [...a].filter((word) => b.has(word)).length;
  return (2 * shared) / (a.size + b.size);
}

export function matchScore(query: MatchQuery, company: Pick<Company, "name" | "city" | "address">): number {
  const name = dice(words(query.name), words(company.name));
  const city = query.city && query.city.trim().toLowerCase() === company.city.toLowerCase() ? 1 : 0;
  const address = query.address ? dice(words(query.address), words(company.address)) : 0;
  const brand = company.name.split(" ")[0]!.toLowerCase();
  const website = query.website && brand && query.website.toLowerCase().includes(brand) ? 1 : 0;
  return round(Math.min(1, 0.8 * name + 0.08 * city + 0.07 * address + 0.05 * website), 3);
}
