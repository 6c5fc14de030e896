import type { Company, DictionaryEntry, DocumentRecord, Point, SeriesJson, SeriesRecord, Statement } from "~/modules/catalog/catalog";
import { JsonText, RecordWithDateValues, type DateValue, type DateValueSlices } from "~/modules/delivery/serialize";
import type { OutputOptions } from "./model";

/** The records written into dump and feed files, built from catalog items and the output options. */

type Consolidation = OutputOptions["consolidation"];

/** Points as published, or one value per year: the average, the sum or the last value of the year. */
export function consolidatePoints(points: readonly Point[], consolidation: Consolidation): { date: string; value: number }[] {
  if (consolidation !== "annual-average" && consolidation !== "annual-sum" && consolidation !== "annual-last")
    return points.map(({ date, value }) => ({ date, value }));
  // One pass in date order (as stored; sorted when not), each year's sum, count and last value kept as it goes: the
  // same sums, added in the same order, as an array of each year's values would give, without the arrays.
  const ordered = points.every((point, index) => index === 0 || points[index - 1]!.date < point.date)
    ? points
    : [...points].sort((a, b) => (a.date < b.date ? -1 : 1));
  const years: { year: string; sum: number; count: number; last: number }[] = [];
  for (const { date, value } of ordered) {
    const year = date.slice(0, 4);
    let current = years.at(-1);
    if (current?.year !== year) years.push((current = { year, sum: 0, count: 0, last: value }));
    current.sum += value;
    current.count++;
    current.last = value;
  }
  return years.map(({ year, sum, count, last }) => {
    const value = consolidation === "annual-sum" ? sum : consolidation === "annual-last" ? last : sum / count;
    return { date: `${year}-12-31`, value: Math.round(value * 1e6) / 1e6 };
  });
}

function seriesMetadata(series: SeriesRecord, frequency: string) {
  return {
    id: series.id,
    name: series.name,
    frequency,
    unit: series.unit,
    country: series.country,
    region: series.region,
    indicator: series.indicator,
    source: series.source,
    database: series.database,
    topic: series.topic,
    section: series.section,
    table: series.table,
    startDate: series.startDate,
    endDate: series.endDate,
    createdAt: series.createdAt,
    lastUpdate: series.lastUpdate,
    key: series.key,
    status: series.status,
  };
}

export function seriesRecord(series: SeriesRecord, points: readonly Point[] | null, options: OutputOptions) {
  const metadata = seriesMetadata(series, options.consolidation.startsWith("annual") && points ? "annual" : series.frequency);
  if (options.metadataOnly || points === null) return metadata;
  if (options.vintages)
    return { ...metadata, points: points.map(({ date, value, revision, publishedAt }) => ({ date, value, revision, publishedAt })) };
  return { ...metadata, points: consolidatePoints(points, options.consolidation) };
}

/** Whether the records carry each date's latest value as published, which the catalog gives as JSON text. */
export function pointsAsPublished(options: OutputOptions): boolean {
  return !options.metadataOnly && !options.vintages && !options.consolidation.startsWith("annual");
}

/** seriesRecord for pointsAsPublished options, the points as the catalog gives them (latestDateValues). */
export function seriesRecordWithDateValues(series: SeriesRecord, points: DateValueSlices | DateValue[]) {
  return new RecordWithDateValues(seriesMetadata(series, series.frequency), "points", points);
}

/**
 * seriesRecordWithDateValues of a series the catalog gives as JSON (seriesJsonPage): the same members in the same
 * order, so a JSON file holds the same bytes either way (tests/integration/dump-bytes.test.ts).
 */
export function seriesJsonRecord(series: SeriesJson) {
  return new JsonText(series.json);
}

/** Amount in thousands of `from` as thousands of `to`, through the dictionary's units per US dollar. */
export function convertAmount(amount: number, from: string, to: string, rates: ReadonlyMap<string, number>): number | null {
  if (from === to) return amount;
  const fromRate = rates.get(from);
  const toRate = to === "USD" ? 1 : rates.get(to);
  if (!fromRate || !toRate) return null;
  return Math.round((amount / fromRate) * toRate * 1000) / 1000;
}

export function currencyRates(currencies: readonly DictionaryEntry[]): Map<string, number> {
  return new Map(currencies.filter((entry) => entry.usdRate).map((entry) => [entry.id, entry.usdRate!]));
}

function statementWanted(statement: Statement, options: OutputOptions): boolean {
  if (options.consolidation === "consolidated" && !statement.consolidated) return false;
  if (options.consolidation === "unconsolidated" && statement.consolidated) return false;
  return options.financialStandards.length === 0 || options.financialStandards.includes(statement.standard);
}

function statementRecord(statement: Statement, options: OutputOptions, rates: ReadonlyMap<string, number>) {
  const currency = options.currency === "LOCAL" ? statement.currency : options.currency;
  const accounts = Object.fromEntries(
    Object.entries(statement.accounts).map(([name, amount]) => [name, convertAmount(amount, statement.currency, currency, rates)]),
  );
  return {
    stmtId: statement.stmtId,
    isic: statement.isic,
    year: statement.year,
    period: statement.period,
    consolidated: statement.consolidated,
    type: statement.type,
    standard: statement.standard,
    official: statement.official,
    currency,
    updatedAt: statement.updatedAt,
    accounts,
  };
}

export function companyRecord(
  company: Company,
  statements: readonly Statement[],
  options: OutputOptions,
  rates: ReadonlyMap<string, number>,
) {
  const { id, name, updatedAt } = company;
  return {
    id,
    name,
    updatedAt,
    ...(options.profile ? { profile: company } : {}),
    ...(options.statements
      ? {
          statements: statements
            .filter((statement) => statementWanted(statement, options))
            .map((statement) => statementRecord(statement, options, rates)),
        }
      : {}),
  };
}

/** What a documents feed delivers of each document: its metadata, then its content. */
export function documentRecord(document: DocumentRecord) {
  return {
    id: document.id,
    title: document.title,
    summary: document.summary,
    country: document.country,
    language: document.language,
    format: document.format,
    industry: document.industry,
    publicationType: document.publicationType,
    source: document.source,
    topic: document.topic,
    publishedAt: document.publishedAt,
    updatedAt: document.updatedAt,
    content: document.content,
  };
}
