import { gaussian, pick } from "~/modules/catalog/random";
import { countries, industries, nameRoots } from "~/modules/catalog/reference-data";
import { round, seeded } from "./seeded";

/**
 * Fund flows' datasets, asset classes and report tables, derived from the catalog's countries and industries
 * with a seeded generator: a value depends only on the dataset, asset class, category and date, so a report
 * over any range shows the same numbers for the same day.
 */

export const datasets = ["FF", "CF", "SF", "IF", "CA", "SA", "IA", "XA", "CS"] as const;
export type Dataset = (typeof datasets)[number];
export type ReportFrequency = "Daily" | "Weekly" | "Monthly";

export interface AssetClass {
  id: number;
  name: string;
  parentId: number | null;
}

const assetClasses: readonly AssetClass[] = [
  { id: 1, name: "Equity", parentId: null },
  { id: 11, name: "Emerging Markets Equity", parentId: 1 },
  { id: 12, name: "Developed Markets Equity", parentId: 1 },
  { id: 13, name: "Global Equity", parentId: 1 },
  { id: 2, name: "Bond", parentId: null },
  { id: 21, name: "Emerging Markets Bond", parentId: 2 },
  { id: 22, name: "High Yield Bond", parentId: 2 },
  { id: 23, name: "Investment Grade Bond", parentId: 2 },
  { id: 3, name: "Money Market", parentId: null },
  { id: 4, name: "Balanced", parentId: null },
  { id: 5, name: "Alternative", parentId: null },
  { id: 6, name: "Real Estate", parentId: null },
];

const allocationDatasets: readonly Dataset[] = ["CA", "SA", "IA"];

/** The asset classes of a dataset: allocation datasets cover equity and bond funds only. */
export function assetClassesOf(dataset: Dataset): AssetClass[] {
  if (!allocationDatasets.includes(dataset)) return [...assetClasses];
  return assetClasses.filter((assetClass) => [1, 2].includes(assetClass.id) || [1, 2].includes(assetClass.parentId ?? 0));
}

const sectors = [
  "Energy",
  "Materials",
  "Industrials",
  "Consumer Discretionary",
  "Consumer Staples",
  "Health Care",
  "Financials",
  "Information Technology",
  "Communication Services",
  "Utilities",
  "Real Estate",
];

const shareClasses = Array.from({ length: 12 }, (_, index) => {
  const random = seeded("share-class", index);
  return `${pick(random, nameRoots)} ${pick(random, ["Global", "Emerging", "Income", "Growth"])} Fund ${pick(random, ["A", "B", "I"])}`;
});

/** What a dataset's rows break down by, unless the report names its own categories. */
function defaultCategories(dataset: Dataset): string[] {
  if (dataset === "CF" || dataset === "CA") return countries.slice(0, 12).map((country) => country.name);
  if (dataset === "SF" || dataset === "SA") return sectors;
  if (dataset === "IF" || dataset === "IA") return industries.slice(0, 12).map((industry) => industry.name);
  if (dataset === "CS") return shareClasses;
  if (dataset === "XA") return assetClasses.filter((assetClass) => assetClass.parentId === null).map((assetClass) => assetClass.name);
  return ["All funds"];
}

const isAllocation = (dataset: Dataset) => allocationDatasets.includes(dataset) || dataset === "XA";

const flowMeasures = ["Flow", "AssetsStart", "AssetsEnd", "FlowPct"] as const;

export function reportColumns(dataset: Dataset, assets: readonly string[] | undefined): string[] {
  const measures = isAllocation(dataset) ? ["AllocationPct"] : assets?.length ? assets : [...flowMeasures];
  return ["Date", "AssetClass", dataset === "CS" ? "ShareClass" : "Category", ...measures];
}

const DAY_MS = 86_400_000;
/** The most periods and rows one report holds. */
const MAX_PERIODS = 400;
const MAX_ROWS = 20_000;

/** Period end dates from `from` to `to`: business days, Fridays or month ends. */
export function reportDates(from: string, to: string, frequency: ReportFrequency): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= end && dates.length < MAX_PERIODS; day += DAY_MS) {
    const date = new Date(day);
    const weekday = date.getUTCDay();
    const monthEnd = new Date(day + DAY_MS).getUTCDate() === 1;
    if (
      (frequency === "Daily" && weekday !== 0 && weekday !== 6) ||
      (frequency === "Weekly" && weekday === 5) ||
      (frequency === "Monthly" && monthEnd)
    ) {
      dates.push(date.toISOString().slice(0, 10));
    }
  }
  return dates;
}

/** Assets under management of one breakdown on one day, USD millions. */
function assetsOn(key: string, date: string): number {
  const base = 2_000 + 50_000 * seeded("base", key)();
  const phase = 10 * seeded("phase", key)();
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  return base * (1 + 0.15 * Math.sin(day / 120 + phase) + 0.01 * gaussian(seeded("noise", key, date)));
}

function measure(name: string, key: string, date: string, previous: string): number | null {
  const start = assetsOn(key, previous);
  const end = assetsOn(key, date);
  if (name === "AssetsStart") return round(start);
  if (name === "AssetsEnd") return round(end);
  if (name === "Flow") return round((end - start) * 0.6);
  if (name === "FlowPct") return round(((end - start) * 0.6 * 100) / start, 3);
  if (name === "AllocationPct") return round(5 + 20 * seeded("allocation", key)() + gaussian(seeded("allocation", key, date)), 2);
  return null;
}

export interface ReportSpec {
  dataset: Dataset;
  from: string;
  to: string;
  frequency: ReportFrequency;
  assetClasses: readonly number[];
  categories?: readonly string[];
  assets?: readonly string[];
}

/** The report's table: one row per date, asset class and category, values in the order of the columns. */
export function reportOutput(spec: ReportSpec): { ColumnNames: string[]; Rows: (string | number | null)[][] } {
  const columns = reportColumns(spec.dataset, spec.assets);
  const names = new Map(assetClassesOf(spec.dataset).map((assetClass) => [assetClass.id, assetClass.name]));
  const categories = spec.categories?.length ? spec.categories : defaultCategories(spec.dataset);
  const dates = reportDates(spec.from, spec.to, spec.frequency);
  const rows: (string | number | null)[][] = [];
  dates.forEach((date, index) => {
    const previous = dates[index - 1] ?? new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    for (const assetClass of spec.assetClasses) {
      for (const category of categories) {
        if (rows.length >= MAX_ROWS) return;
        const key = `${spec.dataset}|${assetClass}|${category}`;
        rows.push([
          date,
          names.get(assetClass) ?? String(assetClass),
          category,
          ...columns.slice(3).map((name) => measure(name, key, date, previous)),
        ]);
      }
    }
  });
  return { ColumnNames: columns, Rows: rows };
}
