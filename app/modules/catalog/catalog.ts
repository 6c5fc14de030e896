import type { DateValue, DateValueSlices } from "~/modules/delivery/serialize";

/**
 * The data catalog behind feeds, dumps, options, previews and the sandbox API (DESIGN.md section 6):
 * macroeconomic series with their points and revisions, companies with statements, documents, and the
 * dictionaries that name their codes. The embedded default is the generated catalog in the database
 * (generated-catalog.server.ts); the provider's upstream API can take its place behind this interface.
 *
 * Every list is read in bounded pages: keyset pages ordered by id (`afterId` is the last id of the previous
 * page, so a dump can resume after a restart) or, for searches, a window of an ordered result.
 * Timestamps are ISO-8601 strings, dates are `YYYY-MM-DD`.
 */

export const seriesFrequencies = ["daily", "weekly", "monthly", "quarterly", "annual"] as const;
export type SeriesFrequency = (typeof seriesFrequencies)[number];

export const seriesOrders = ["id", "name", "updated"] as const;
export type SeriesOrder = (typeof seriesOrders)[number];
export type Direction = "asc" | "desc";

export interface SeriesRecord {
  id: string;
  name: string;
  frequency: SeriesFrequency;
  /** Codes of the dictionaries (units, countries, regions, indicators, sources). */
  unit: string;
  country: string;
  region: string;
  indicator: string;
  source: string;
  /** Layout ids: DB..., TP..., SC..., TB.... */
  database: string;
  topic: string;
  section: string;
  table: string;
  /** First and last point dates. */
  startDate: string;
  endDate: string;
  createdAt: string;
  /** When a point was last published or revised. */
  lastUpdate: string;
  key: boolean;
  status: "active" | "discontinued";
}

/**
 * The macroeconomic feed and dump criteria (SPEC.md section 3). The list fields match any of their values;
 * an empty list or a missing field does not filter. `seriesIds` and the other criteria combine as a union
 * (SPEC.md section 5): a series is selected when it is listed or when it matches every other criterion.
 * `database` scopes both sides; it is mandatory for previews and dumps. `databases` scopes both sides too:
 * the databases the user is subscribed to (an empty list selects nothing).
 */
export interface SeriesCriteria {
  seriesIds?: readonly string[];
  keyword?: string;
  /** The keyword matches the series name only, instead of id, name, indicator, unit, source and table. */
  nameOnly?: boolean;
  frequency?: readonly SeriesFrequency[];
  country?: readonly string[];
  region?: readonly string[];
  unit?: readonly string[];
  indicator?: readonly string[];
  topic?: readonly string[];
  section?: readonly string[];
  table?: readonly string[];
  source?: readonly string[];
  database?: string;
  /** Only series of these databases, whatever else is asked: the user's subscription (SPEC.md section 5). */
  databases?: readonly string[];
  /** Series whose first point is before this date. */
  startDateBefore?: string;
  /** Series whose last point is after this date. */
  endDateAfter?: string;
  createdAfter?: string;
  updatedAfter?: string;
  keyOnly?: boolean;
  /** Used by `searchSeries`; keyset pages are always ordered by id. */
  order?: SeriesOrder;
  direction?: Direction;
}

export interface Point {
  /** The period end date. */
  date: string;
  value: number;
  /** 0 for the first published value, then 1, 2, ... for each revision. */
  revision: number;
  publishedAt: string;
}

export interface SeriesPoints {
  seriesId: string;
  points: Point[];
}

/** A series' latest value of each date (see points.ts storedLatestValues), for a writer to copy as they are. */
export interface SeriesDateValues {
  seriesId: string;
  values: DateValueSlices | DateValue[];
}

/**
 * A series as JSON text: its SeriesRecord, members in the interface's order, then `points`, the latest value of each
 * date as `{date, value}`; the text JSON.stringify writes for them (a file of points as published copies it). With
 * the moments a feed counts it by.
 */
export interface SeriesJson {
  id: string;
  createdAt: string;
  lastUpdate: string;
  json: string;
}

export interface PointsOptions {
  /** Every published value of each point (point-in-time vintages) instead of the latest one. */
  vintages?: boolean;
  /** Only values published after this moment: what a feed run delivers. */
  publishedAfter?: string;
}

export interface Executive {
  name: string;
  position: string;
}

export interface Shareholder {
  name: string;
  /** Percent of the shares. */
  share: number;
}

export interface UltimateOwner {
  name: string;
  citizenship: string;
  /** null for a state owner. */
  birthDate: string | null;
}

export interface Company {
  id: string;
  name: string;
  country: string;
  region: string;
  city: string;
  address: string;
  /** public, private, state-owned, subsidiary or cooperative */
  type: string;
  /** Industry codes (ISIC divisions, e.g. C29). */
  mainIndustry: string;
  secondaryIndustries: string[];
  /** ISIC class, e.g. 2910. */
  isic: string;
  /** Generic legal form code (legalForms dictionary) and the local form, e.g. GmbH. */
  legalForm: string;
  localLegalForm: string;
  /** operational, dormant, in-liquidation, dissolved or bankrupt */
  status: string;
  employees: number;
  description: string;
  products: string[];
  executives: Executive[];
  shareholders: Shareholder[];
  subsidiaries: string[];
  auditors: string[];
  ultimateOwner: UltimateOwner | null;
  importCountries: string[];
  exportCountries: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The company filter criteria of SPEC.md section 3. Text fields match case-insensitive substrings; list
 * fields match any of their values. `companyIds` restricts the result to those companies (the forms
 * allow ids or criteria, not both).
 */
export interface CompanyCriteria {
  companyIds?: readonly string[];
  keyword?: string;
  updatedFrom?: string;
  updatedTo?: string;
  name?: string;
  country?: readonly string[];
  type?: readonly string[];
  mainIndustry?: readonly string[];
  secondaryIndustry?: readonly string[];
  status?: readonly string[];
  employeesFrom?: number;
  employeesTo?: number;
  legalForm?: readonly string[];
  localLegalForm?: readonly string[];
  region?: readonly string[];
  city?: string;
  executive?: string;
  shareholder?: string;
  subsidiary?: string;
  auditor?: string;
  description?: string;
  product?: string;
  ownerName?: string;
  ownerCitizenship?: readonly string[];
  ownerBirthDate?: string;
  importCountry?: readonly string[];
  exportCountry?: readonly string[];
}

export const statementTypes = ["income-statement", "balance-sheet", "cash-flow"] as const;
export type StatementType = (typeof statementTypes)[number];

export interface Statement {
  /** `{companyId}-{year}-{period}-{IS|BS|CF}-{C|U}` */
  stmtId: string;
  companyId: string;
  isic: string;
  year: number;
  /** FY for the financial year. */
  period: string;
  consolidated: boolean;
  type: StatementType;
  /** IFRS, US-GAAP or LOCAL-GAAP */
  standard: string;
  /** ISO code of the reporting currency; amounts are in thousands. */
  currency: string;
  official: boolean;
  updatedAt: string;
  accounts: Record<string, number>;
}

export interface CompanyStatements {
  companyId: string;
  statements: Statement[];
}

/** The statement criteria of SPEC.md section 3. */
export interface StatementCriteria {
  updatedFrom?: string;
  updatedTo?: string;
  year?: readonly number[];
  period?: readonly string[];
  type?: readonly StatementType[];
  officialOnly?: boolean;
  standard?: readonly string[];
  account?: { name: string; from?: number; to?: number };
}

/** A document as the catalog stores it: what it is filed under and when. */
export interface DocumentMetadata {
  id: string;
  title: string;
  summary: string;
  country: string;
  /** ISO 639-1 */
  language: string;
  /** pdf, html, docx or xlsx */
  format: string;
  industry: string;
  publicationType: string;
  source: string;
  topic: string;
  publishedAt: string;
  updatedAt: string;
}

/** A document with its body text, as feeds deliver it ("its metadata and its content"). */
export interface DocumentRecord extends DocumentMetadata {
  /** Plain text, paragraphs separated by a blank line. */
  content: string;
}

export const documentSearchFields = ["title", "summary", "all"] as const;
export type DocumentSearchField = (typeof documentSearchFields)[number];

/** The documents feed filters (SPEC.md section 3). */
export interface DocumentCriteria {
  documentIds?: readonly string[];
  keyword?: string;
  /** Where the keyword is looked for; all by default. */
  searchIn?: DocumentSearchField;
  country?: readonly string[];
  language?: readonly string[];
  format?: readonly string[];
  industry?: readonly string[];
  publicationType?: readonly string[];
  source?: readonly string[];
  topic?: readonly string[];
  publishedAfter?: string;
  publishedBefore?: string;
}

export const dictionaryKinds = [
  "countries",
  "regions",
  "cities",
  "sources",
  "units",
  "indicators",
  "currencies",
  "legalForms",
  "industries",
  "companyTypes",
  "companyStatuses",
  "statementTypes",
  "financialStandards",
  "documentLanguages",
  "documentFormats",
  "publicationTypes",
  "documentSources",
  "documentTopics",
] as const;
export type DictionaryKind = (typeof dictionaryKinds)[number];

export interface DictionaryEntry {
  id: string;
  name: string;
  /** The containing entry: a country's region, a city's country. */
  parent?: string;
  /** Currencies only: units of the currency per US dollar. */
  usdRate?: number;
}

export interface EconTable {
  id: string;
  name: string;
}

export interface EconSection {
  id: string;
  name: string;
  tables: EconTable[];
}

export interface EconTopic {
  id: string;
  name: string;
  sections: EconSection[];
}

export interface EconDatabase {
  id: string;
  name: string;
  topics: EconTopic[];
}

export interface KeysetPage {
  /** The last id of the previous page; absent for the first page. */
  afterId?: string | null;
  limit: number;
}

export interface SearchWindow {
  offset: number;
  limit: number;
}

/** What one `advance` changed, by id. */
export interface AdvanceResult {
  appendedSeries: string[];
  revisedSeries: string[];
  newSeries: string[];
  updatedCompanies: string[];
  newCompanies: string[];
  newDocuments: string[];
}

export interface CatalogSource {
  countSeries(criteria: SeriesCriteria): Promise<number>;
  seriesPage(criteria: SeriesCriteria, page: KeysetPage): Promise<SeriesRecord[]>;
  /** Ordered by `criteria.order` and `criteria.direction` (id ascending by default). */
  searchSeries(criteria: SeriesCriteria, window: SearchWindow): Promise<SeriesRecord[]>;
  /** A window of searchSeries and the number of series the criteria select, the keyword looked up once for both. */
  searchSeriesWithTotal(criteria: SeriesCriteria, window: SearchWindow): Promise<{ total: number; items: SeriesRecord[] }>;
  /** Points per series, in the order of `ids`; unknown ids are left out. Pass a bounded chunk of ids. */
  seriesPoints(ids: readonly string[], options?: PointsOptions): Promise<SeriesPoints[]>;
  /** The latest value of each date per series, as slices of the stored text; like seriesPoints without options. */
  latestDateValues(ids: readonly string[]): Promise<SeriesDateValues[]>;
  /** seriesPage with each series' latest value of each date, as JSON text built by the database. */
  seriesJsonPage(criteria: SeriesCriteria, page: KeysetPage): Promise<SeriesJson[]>;
  /** Series matching the criteria that were created, got points or were revised after `since`. */
  changedSeries(criteria: SeriesCriteria, since: string, page: KeysetPage): Promise<SeriesRecord[]>;

  countCompanies(criteria: CompanyCriteria): Promise<number>;
  companyPage(criteria: CompanyCriteria, page: KeysetPage): Promise<Company[]>;
  companyStatements(ids: readonly string[], criteria?: StatementCriteria): Promise<CompanyStatements[]>;
  changedCompanies(criteria: CompanyCriteria, since: string, page: KeysetPage): Promise<Company[]>;

  countDocuments(criteria: DocumentCriteria): Promise<number>;
  documentPage(criteria: DocumentCriteria, page: KeysetPage): Promise<DocumentRecord[]>;
  changedDocuments(criteria: DocumentCriteria, since: string, page: KeysetPage): Promise<DocumentRecord[]>;

  dictionary(kind: DictionaryKind): Promise<DictionaryEntry[]>;
  /** Databases -> topics -> sections -> tables. */
  econLayout(): Promise<EconDatabase[]>;
  /** Moves the catalog on: new points, revisions, new and updated items, stamped with `now`. */
  advance(now: Date): Promise<AdvanceResult>;
}
