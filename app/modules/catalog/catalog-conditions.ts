import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DialectName } from "~/modules/db/database.server";
import { endOf, startOf } from "~/modules/db/moments";
import type { Database } from "~/modules/db/schema";
import { containsLowerCased } from "~/modules/db/text-search";
import type { CompanyCriteria, DocumentCriteria, SeriesCriteria, SeriesRecord } from "./catalog";
import { isIndexable, keywordWords, trigramQuery } from "./keyword-words";

// The SQL filters of the catalog's criteria, the same on SQLite and PostgreSQL.

type Condition = Expression<SqlBool>;

/** No rows: `in ()` is not SQL on PostgreSQL. */
const nothing = sql<SqlBool>`1 = 0`;

const contains = containsLowerCased;

function lower(column: string): Expression<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

/** Every word of the keyword, anywhere in the column. */
function keywordConditions(column: Expression<string>, keyword: string | undefined): Condition[] {
  return keywordWords(keyword).map((word) => contains(column, word));
}

/**
 * The FTS5 query of the series keyword's words that SQLite's trigram index of search_text can find (migration
 * 0031), when there are any; the index holds search_text, not the name alone.
 */
export function seriesTrigramQuery(dialect: DialectName, criteria: SeriesCriteria): string | undefined {
  if (dialect !== "sqlite" || criteria.nameOnly) return undefined;
  const words = keywordWords(criteria.keyword).filter(isIndexable);
  return words.length ? trigramQuery(words) : undefined;
}

/** Criteria that leave every series in: the order of a search is no filter, nor an empty list of values. */
function filtersNothing(key: string, value: unknown): boolean {
  if (key === "keyword" || key === "order" || key === "direction") return true;
  if (key === "databases") return value === undefined;
  return value === undefined || value === false || value === "" || (Array.isArray(value) && value.length === 0);
}

/** The criteria select series by their keyword alone (or select every series). */
function onlyKeyword(criteria: SeriesCriteria): boolean {
  return Object.entries(criteria).every(([key, value]) => filtersNothing(key, value));
}

/**
 * The criteria select series by their keyword within a database or the subscribed ones, and nothing else: the
 * series in memory answer them (`inSeriesScope`) without SQL.
 */
export function keywordInScopeOnly(criteria: SeriesCriteria): boolean {
  return Object.entries(criteria).every(([key, value]) => key === "database" || key === "databases" || filtersNothing(key, value));
}

/** The series is within the criteria's database and subscribed databases, as `seriesCondition` scopes them. */
export function inSeriesScope(series: SeriesRecord, criteria: SeriesCriteria): boolean {
  if (criteria.database && series.database !== criteria.database) return false;
  return !criteria.databases || criteria.databases.includes(series.database);
}

/**
 * The FTS5 query that alone finds the criteria's series, when they are a keyword of long words (3 characters or
 * more) and nothing else: the trigram index then counts them without reading a series.
 */
export function seriesKeywordAlone(dialect: DialectName, criteria: SeriesCriteria): string | undefined {
  if (!keywordWords(criteria.keyword).every(isIndexable) || !onlyKeyword(criteria)) return undefined;
  return seriesTrigramQuery(dialect, criteria);
}

/**
 * Where the series keyword's words are looked for: in every series' text ("scan"), through SQLite's trigram
 * index ("index"), among the rows (rowids) that index has already given (its short words still to be read), or
 * nowhere, the keyword index in memory having found its series (`ids`).
 */
export type KeywordSource = "scan" | "index" | readonly number[] | { ids: readonly string[] };

/**
 * The series keyword from `source`: the series it finds, then the short words read from those series' texts. The
 * same series whatever the source: the index finds a word exactly where LIKE does.
 */
function seriesKeywordConditions(dialect: DialectName, criteria: SeriesCriteria, source: KeywordSource): Condition[] {
  if (criteria.nameOnly) return keywordConditions(lower("catalog_series.name"), criteria.keyword);
  if (typeof source === "object" && "ids" in source) return [source.ids.length ? idIn(dialect, "catalog_series.id", source.ids) : nothing];
  const column = sql.ref<string>("catalog_series.search_text");
  const query = source === "scan" ? undefined : seriesTrigramQuery(dialect, criteria);
  if (query === undefined) return keywordConditions(column, criteria.keyword);
  const found =
    source === "index"
      ? sql<SqlBool>`catalog_series.rowid in (select rowid from catalog_series_search where catalog_series_search match ${query})`
      : sql<SqlBool>`catalog_series.rowid in (select value from json_each(${JSON.stringify(source)}))`;
  return [
    found,
    ...keywordWords(criteria.keyword)
      .filter((word) => !isIndexable(word))
      .map((word) => contains(column, word)),
  ];
}

/** A JSON array column that holds any of the values. */
function holdsAny(column: string, values: readonly string[] | undefined): Condition[] {
  if (!values?.length) return [];
  const checks = values.map((value) => contains(lower(column), JSON.stringify(value)));
  return [sql<SqlBool>`(${sql.join(checks, sql` or `)})`];
}

/** One bound parameter for any number of ids, so id lists of 100,000 stay within the parameter limits. */
export function idIn(dialect: DialectName, column: string, ids: readonly string[]): Condition {
  return dialect === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Listed ids, when there are any. */
function listedIn(dialect: DialectName, column: string, ids: readonly string[] | undefined): Condition[] {
  return ids?.length ? [idIn(dialect, column, ids)] : [];
}

function anyOf<T extends keyof Database>(
  eb: ExpressionBuilder<Database, T>,
  column: string,
  values: readonly (string | number)[] | undefined,
): Condition[] {
  return values?.length ? [eb(sql.ref(column), "in", [...values])] : [];
}

/** A condition on a criterion that is set: an empty text is as good as none, a number 0 is a bound. */
function given<T extends string | number>(value: T | undefined, make: (value: T) => Condition): Condition[] {
  return value === undefined || value === null || value === "" ? [] : [make(value)];
}

function when(flag: boolean | undefined, make: () => Condition): Condition[] {
  return flag ? [make()] : [];
}

function seriesFilters(
  eb: ExpressionBuilder<Database, "catalog_series">,
  dialect: DialectName,
  criteria: SeriesCriteria,
  keywordSource: KeywordSource,
): Condition[] {
  return [
    ...seriesKeywordConditions(dialect, criteria, keywordSource),
    ...anyOf(eb, "catalog_series.frequency", criteria.frequency),
    ...anyOf(eb, "catalog_series.country", criteria.country),
    ...anyOf(eb, "catalog_series.region", criteria.region),
    ...anyOf(eb, "catalog_series.unit", criteria.unit),
    ...anyOf(eb, "catalog_series.indicator", criteria.indicator),
    ...anyOf(eb, "catalog_series.topic_id", criteria.topic),
    ...anyOf(eb, "catalog_series.section_id", criteria.section),
    ...anyOf(eb, "catalog_series.table_id", criteria.table),
    ...anyOf(eb, "catalog_series.source", criteria.source),
    ...given(criteria.startDateBefore, (date) => eb("start_date", "<", date.slice(0, 10))),
    ...given(criteria.endDateAfter, (date) => eb("end_date", ">", date.slice(0, 10))),
    ...given(criteria.createdAfter, (moment) => eb("created_at", ">", startOf(moment))),
    ...given(criteria.updatedAfter, (moment) => eb("last_update", ">", startOf(moment))),
    ...when(criteria.keyOnly, () => eb("is_key", "=", 1)),
  ];
}

/**
 * The database and the subscribed databases scope everything; listed ids and the other criteria are a union
 * (SPEC.md section 5). `keywordSource`: through the trigram index, the keyword costs in proportion to its matches
 * instead of the series read: the better way unless the matches are many and only the first few in id order are
 * wanted.
 */
export function seriesCondition(dialect: DialectName, criteria: SeriesCriteria, keywordSource: KeywordSource = "scan") {
  return (eb: ExpressionBuilder<Database, "catalog_series">): Condition => {
    const subscribed = criteria.databases;
    const scope = [
      ...given(criteria.database, (database) => eb("database_id", "=", database)),
      ...(subscribed ? [subscribed.length ? eb("database_id", "in", [...subscribed]) : nothing] : []),
    ];
    const filters = seriesFilters(eb, dialect, criteria, keywordSource);
    const listed = criteria.seriesIds?.length ? idIn(dialect, "catalog_series.id", criteria.seriesIds) : undefined;
    const selection = !listed ? eb.and(filters) : filters.length ? eb.or([listed, eb.and(filters)]) : listed;
    return eb.and([...scope, selection]);
  };
}

export function companyCondition(dialect: DialectName, criteria: CompanyCriteria) {
  return (eb: ExpressionBuilder<Database, "catalog_companies">): Condition =>
    eb.and([
      ...listedIn(dialect, "catalog_companies.id", criteria.companyIds),
      ...keywordConditions(sql.ref("catalog_companies.search_text"), criteria.keyword),
      ...given(criteria.updatedFrom, (moment) => eb("updated_at", ">=", startOf(moment))),
      ...given(criteria.updatedTo, (moment) => eb("updated_at", "<=", endOf(moment))),
      ...given(criteria.name, (text) => contains(lower("catalog_companies.name"), text)),
      ...anyOf(eb, "catalog_companies.country", criteria.country),
      ...anyOf(eb, "catalog_companies.type", criteria.type),
      ...anyOf(eb, "catalog_companies.main_industry", criteria.mainIndustry),
      ...holdsAny("catalog_companies.secondary_industries", criteria.secondaryIndustry),
      ...anyOf(eb, "catalog_companies.status", criteria.status),
      ...given(criteria.employeesFrom, (count) => eb("employees", ">=", count)),
      ...given(criteria.employeesTo, (count) => eb("employees", "<=", count)),
      ...anyOf(eb, "catalog_companies.legal_form", criteria.legalForm),
      ...anyOf(eb, "catalog_companies.local_legal_form", criteria.localLegalForm),
      ...anyOf(eb, "catalog_companies.region", criteria.region),
      ...given(criteria.city, (text) => contains(lower("catalog_companies.city"), text)),
      ...given(criteria.executive, (text) => contains(lower("catalog_companies.executives"), text)),
      ...given(criteria.shareholder, (text) => contains(lower("catalog_companies.shareholders"), text)),
      ...given(criteria.subsidiary, (text) => contains(lower("catalog_companies.subsidiaries"), text)),
      ...given(criteria.auditor, (text) => contains(lower("catalog_companies.auditors"), text)),
      ...given(criteria.description, (text) => contains(lower("catalog_companies.description"), text)),
      ...given(criteria.product, (text) => contains(lower("catalog_companies.products"), text)),
      ...given(criteria.ownerName, (text) => contains(lower("catalog_companies.owner_name"), text)),
      ...anyOf(eb, "catalog_companies.owner_citizenship", criteria.ownerCitizenship),
      ...given(criteria.ownerBirthDate, (date) => eb("owner_birth_date", "=", date.slice(0, 10))),
      ...holdsAny("catalog_companies.import_countries", criteria.importCountry),
      ...holdsAny("catalog_companies.export_countries", criteria.exportCountry),
    ]);
}

const documentKeywordColumns = { title: "catalog_documents.title", summary: "catalog_documents.summary" } as const;

export function documentCondition(dialect: DialectName, criteria: DocumentCriteria) {
  return (eb: ExpressionBuilder<Database, "catalog_documents">): Condition => {
    const searchIn = criteria.searchIn ?? "all";
    const keywordColumn = searchIn === "all" ? sql.ref<string>("catalog_documents.search_text") : lower(documentKeywordColumns[searchIn]);
    return eb.and([
      ...listedIn(dialect, "catalog_documents.id", criteria.documentIds),
      ...keywordConditions(keywordColumn, criteria.keyword),
      ...anyOf(eb, "catalog_documents.country", criteria.country),
      ...anyOf(eb, "catalog_documents.language", criteria.language),
      ...anyOf(eb, "catalog_documents.format", criteria.format),
      ...anyOf(eb, "catalog_documents.industry", criteria.industry),
      ...anyOf(eb, "catalog_documents.publication_type", criteria.publicationType),
      ...anyOf(eb, "catalog_documents.source", criteria.source),
      ...anyOf(eb, "catalog_documents.topic", criteria.topic),
      ...given(criteria.publishedAfter, (moment) => eb("published_at", ">", startOf(moment))),
      ...given(criteria.publishedBefore, (moment) => eb("published_at", "<", endOf(moment))),
    ]);
  };
}
