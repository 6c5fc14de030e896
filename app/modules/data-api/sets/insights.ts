import { CATALOG_EPOCH } from "~/modules/catalog/generator";
import { pick, randomInt } from "~/modules/catalog/random";
import { countries, firstNames, industries, lastNames } from "~/modules/catalog/reference-data";
import { matchesKeyword, momentBetween, seeded } from "./seeded";

/** The macroeconomic API's analyst insights, derived from the catalog's countries and series. */

export const insightCategories = ["economy", "markets", "trade", "policy", "industry"] as const;
export type InsightCategory = (typeof insightCategories)[number];
export const INSIGHT_COUNT = 150;

export interface Insight {
  id: string;
  title: string;
  summary: string;
  author: string;
  category: InsightCategory;
  country: string;
  published: string;
  file_formats: string[];
  series_ids: string[];
}

const headlines: Record<InsightCategory, readonly string[]> = {
  economy: ["{country}: growth steadies in {quarter}", "{country}: consumers carry the recovery into {quarter}"],
  markets: ["{country}: bond yields ease as inflation cools", "{country}: equities rally on earnings in {quarter}"],
  trade: ["{country}: exports pick up in {quarter}", "{country}: the trade surplus narrows in {quarter}"],
  policy: ["{country}: the central bank holds rates in {quarter}", "{country}: the budget outlook for {year}"],
  industry: ["{country}: {industry} output rises in {quarter}", "{country}: {industry} investment slows in {quarter}"],
};

const summaries: Record<InsightCategory, string> = {
  economy: "Output growth held up as household spending offset weaker investment; we expect a similar pace next quarter.",
  markets: "Lower inflation expectations pulled yields down and lifted equity valuations across sectors.",
  trade: "Shipments of manufactured goods drove the change, while commodity prices weighed on the balance.",
  policy: "Policy makers kept their stance unchanged and signalled that the next move depends on wage growth.",
  industry: "Capacity use and order books point to a steady path for the sector over the coming months.",
};

const INSIGHTS_FROM = "2023-01-01T00:00:00.000Z";

/** Insight number `index`; `cited` names the series (API ids) the insight cites for its country. */
export function generateInsight(index: number, cited: (country: string) => readonly string[]): Insight {
  const random = seeded("insight", index);
  const country = pick(random, countries);
  const category = pick(random, insightCategories);
  const published = momentBetween(random, INSIGHTS_FROM, CATALOG_EPOCH);
  const quarter = `Q${Math.floor(Number(published.slice(5, 7)) / 3.01) + 1} ${published.slice(0, 4)}`;
  const industry = pick(random, industries).name.toLowerCase();
  const title = pick(random, headlines[category])
    .replace("{country}", country.name)
    .replace("{quarter}", quarter)
    .replace("{year}", String(Number(published.slice(0, 4)) + 1))
    .replace("{industry}", industry);
  const series = cited(country.id);
  return {
    id: `INS${100_001 + index}`,
    title,
    summary: summaries[category],
    author: `${pick(random, firstNames)} ${pick(random, lastNames)}`,
    category,
    country: country.id,
    published,
    // The built-in upstream renders insights as PDF only; asking for docx is "not available in this format".
    file_formats: ["pdf"],
    series_ids: series.slice(0, randomInt(random, 1, Math.max(1, Math.min(4, series.length)))).filter(Boolean),
  };
}

/** Every insight, newest first. */
export function allInsights(cited: (country: string) => readonly string[]): Insight[] {
  return Array.from({ length: INSIGHT_COUNT }, (_, index) => generateInsight(index, cited)).sort(
    (a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id),
  );
}

export interface InsightQuery {
  keyword?: string;
  country?: string;
  category?: string;
  publishedAfter?: string;
}

export function matchesInsight(insight: Insight, query: InsightQuery): boolean {
  if (query.country && insight.country !== query.country.toUpperCase()) return false;
  if (query.category && insight.category !== query.category) return false;
  if (query.publishedAfter && insight.published.slice(0, 10) < query.publishedAfter) return false;
  return matchesKeyword(`${insight.title} ${insight.summary}`, query.keyword);
}
