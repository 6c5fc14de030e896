import { sql, type RawBuilder } from "kysely";
import type { DatabaseHandle, DialectName } from "~/modules/db/database.server";
import { startOf } from "~/modules/db/moments";
import type {
  Company,
  CompanyCriteria,
  CompanyStatements,
  DocumentCriteria,
  DocumentRecord,
  KeysetPage,
  PointsOptions,
  SearchWindow,
  SeriesCriteria,
  SeriesPoints,
  SeriesDateValues,
  SeriesJson,
  SeriesRecord,
  StatementCriteria,
} from "./catalog";
import {
  companyCondition,
  documentCondition,
  idIn,
  keywordInScopeOnly,
  seriesCondition,
  seriesKeywordAlone,
  seriesTrigramQuery,
  type KeywordSource,
} from "./catalog-conditions";
import { parsePoints, parseStatements, seriesRecordColumns, toCompany, toDocument, toFrequency, toSeriesRecord } from "./catalog-rows";
import { selectPoints, storedLatestValues } from "./points";
import { countries } from "./reference-data";
import { matchesStatement, toStatement } from "./statements";

// The catalog's reads: counts, keyset pages ordered by id, changes since a moment, points and statements.

const currencyOf = new Map(countries.map((country) => [country.id, country.currency]));

/**
 * `matches`: the keyword's series within the criteria's scope, in id order, as the series in memory gave them
 * (keyword-index.server.ts), when they were current; otherwise SQL looks for the keyword.
 */
export async function countSeries(
  { db, dialect }: DatabaseHandle,
  criteria: SeriesCriteria,
  matches?: readonly SeriesRecord[],
): Promise<number> {
  if (matches && keywordInScopeOnly(criteria)) return matches.length;
  const keywordAlone = matches ? undefined : seriesKeywordAlone(dialect, criteria);
  if (keywordAlone !== undefined) {
    const { rows } = await sql<{ count: number }>`select count(*) as count from catalog_series_search
      where catalog_series_search match ${keywordAlone}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }
  const row = await db
    .selectFrom("catalog_series")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(seriesCondition(dialect, criteria, matches ? { ids: matches.map((series) => series.id) } : "index"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function seriesPage({ db, dialect }: DatabaseHandle, criteria: SeriesCriteria, page: KeysetPage): Promise<SeriesRecord[]> {
  const rows = await db
    .selectFrom("catalog_series")
    .select(seriesRecordColumns)
    .where(seriesCondition(dialect, criteria))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toSeriesRecord);
}

/** Names sort by code point on both dialects, whatever the PostgreSQL collation. */
function orderColumn(dialect: DialectName, order: SeriesCriteria["order"]) {
  if (order === "updated") return sql.ref<string>("last_update");
  if (order !== "name") return sql.ref<string>("id");
  return dialect === "postgres" ? sql<string>`${sql.ref("name")} collate "C"` : sql.ref<string>("name");
}

/**
 * Where a search window finds its keyword. In id order, the index is asked for up to ten times the series the
 * window needs: when it has that many, reading the series in id order finds the window within a tenth of them,
 * while the index would look up every match; when it has fewer, they are all the matches, and the search takes
 * them as they are rather than asking the index again.
 */
async function windowKeywordSource(
  { db, dialect }: DatabaseHandle,
  criteria: SeriesCriteria,
  window: SearchWindow,
  matches: readonly SeriesRecord[] | undefined,
): Promise<KeywordSource> {
  const idOrder = criteria.order === undefined || criteria.order === "id";
  const enough = 10 * (window.offset + window.limit);
  if (matches) return idOrder && matches.length >= enough ? "scan" : { ids: matches.map((series) => series.id) };
  const query = seriesTrigramQuery(dialect, criteria);
  if (query === undefined || !idOrder) return "index";
  const { rows } = await sql<{ rowid: number }>`select rowid from catalog_series_search
    where catalog_series_search match ${query} limit ${enough}`.execute(db);
  return rows.length >= enough ? "scan" : rows.map((row) => row.rowid);
}

export async function searchSeries(
  handle: DatabaseHandle,
  criteria: SeriesCriteria,
  window: SearchWindow,
  matches?: readonly SeriesRecord[],
): Promise<SeriesRecord[]> {
  const { db, dialect } = handle;
  const direction = criteria.direction ?? "asc";
  if (matches && keywordInScopeOnly(criteria) && (criteria.order === undefined || criteria.order === "id")) {
    const ordered = direction === "desc" ? [...matches].reverse() : matches;
    return ordered.slice(window.offset, window.offset + window.limit);
  }
  const keywordSource = await windowKeywordSource(handle, criteria, window, matches);
  const rows = await db
    .selectFrom("catalog_series")
    .select(seriesRecordColumns)
    .where(seriesCondition(dialect, criteria, keywordSource))
    .orderBy(orderColumn(dialect, criteria.order), direction)
    .$if(Boolean(criteria.order) && criteria.order !== "id", (query) => query.orderBy("id"))
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return rows.map(toSeriesRecord);
}

export async function seriesPoints(
  { db, dialect }: DatabaseHandle,
  ids: readonly string[],
  options: PointsOptions = {},
): Promise<SeriesPoints[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("catalog_series_points")
    .innerJoin("catalog_series", "catalog_series.id", "catalog_series_points.series_id")
    .select(["catalog_series_points.series_id", "catalog_series_points.points", "catalog_series.frequency"])
    .where(idIn(dialect, "catalog_series_points.series_id", ids))
    .execute();
  const found = new Map(rows.map((row) => [row.series_id, row]));
  return ids.flatMap((id) => {
    const row = found.get(id);
    if (!row) return [];
    return [{ seriesId: id, points: selectPoints(toFrequency(row.frequency), parsePoints(row.points), options) }];
  });
}

/**
 * The stored texts of a page are encoded into one buffer, each series' bytes a view of it: a Buffer of its own per
 * series (as SQLite gives a blob) costs more to allocate and collect than reading its points.
 */
export async function latestDateValues({ db, dialect }: DatabaseHandle, ids: readonly string[]): Promise<SeriesDateValues[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("catalog_series_points")
    .select(["series_id", "points"])
    .where(idIn(dialect, "series_id", ids))
    .execute();
  // UTF-8 takes at most 3 bytes a UTF-16 unit.
  const bytes = Buffer.allocUnsafe(rows.reduce((total, row) => total + row.points.length * 3, 0));
  let used = 0;
  const found = new Map<string, Uint8Array>();
  for (const row of rows) {
    const length = bytes.write(row.points, used);
    found.set(row.series_id, bytes.subarray(used, used + length));
    used += length;
  }
  return ids.flatMap((id) => {
    const stored = found.get(id);
    return stored === undefined ? [] : [{ seriesId: id, values: storedLatestValues(stored) }];
  });
}

/** toSeriesRecord's members in order, each with its column (as a JSON string, unless a SQL expression of its JSON). */
const seriesJsonMembers: [keyof SeriesRecord, string | RawBuilder<string>][] = [
  ["id", "id"],
  ["name", "name"],
  ["frequency", "frequency"],
  ["unit", "unit"],
  ["country", "country"],
  ["region", "region"],
  ["indicator", "indicator"],
  ["source", "source"],
  ["database", "database_id"],
  ["topic", "topic_id"],
  ["section", "section_id"],
  ["table", "table_id"],
  ["startDate", "start_date"],
  ["endDate", "end_date"],
  ["createdAt", "created_at"],
  ["lastUpdate", "last_update"],
  ["key", sql`case when is_key = 1 then 'true' else 'false' end`],
  ["status", sql`case when status = 'discontinued' then '"discontinued"' else '"active"' end`],
];

const momentColumns = new Set(["created_at", "last_update"]);

/**
 * A series' JSON without its closing brace, escaped as JSON.stringify escapes: SQLite's json_object writes it
 * fastest (its last member is a string, so only the object's own brace is trimmed); PostgreSQL's json_build_object
 * adds spaces, so its members are joined one by one, its timestamps written as the ISO text both dialects read.
 */
function seriesJsonHead(dialect: DialectName): RawBuilder<string> {
  if (dialect === "sqlite") {
    const members = seriesJsonMembers.flatMap(([key, value]) => [
      sql.lit(key),
      typeof value === "string" ? sql.ref(value) : sql`json(${value})`,
    ]);
    return sql`rtrim(json_object(${sql.join(members)}), '}')`;
  }
  const members = seriesJsonMembers.map(([key, value], index) => {
    const name = sql.lit(`${index === 0 ? "{" : ","}"${key}":`);
    if (typeof value !== "string") return sql`${name} || ${value}`;
    if (!momentColumns.has(value)) return sql`${name} || to_json(${sql.ref(value)})::text`;
    return sql`${name} || to_json(to_char(${sql.ref(value)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;
  });
  return sql`${sql.join(members, sql` || `)}`;
}

/** A series' whole JSON: its members, then its stored latest values (none without a stored row). */
function seriesJsonText(dialect: DialectName): RawBuilder<string> {
  const points = sql`coalesce((select latest_json from catalog_series_points where series_id = catalog_series.id), '[]')`;
  return sql<string>`${seriesJsonHead(dialect)} || ',"points":' || ${points} || '}'`;
}

const seriesJson = { sqlite: seriesJsonText("sqlite"), postgres: seriesJsonText("postgres") };

/**
 * The database writes each series' JSON, its stored latest values (latest_json) included, and the page comes back as
 * one text per series: reading eighteen columns and the points of twenty thousand series, then writing them out
 * again, was most of a dump's time (issue 27).
 */
export async function seriesJsonPage({ db, dialect }: DatabaseHandle, criteria: SeriesCriteria, page: KeysetPage): Promise<SeriesJson[]> {
  return db
    .selectFrom("catalog_series")
    .select(["id", "created_at as createdAt", "last_update as lastUpdate", seriesJson[dialect].as("json")])
    .where(seriesCondition(dialect, criteria))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
}

export async function changedSeries(
  { db, dialect }: DatabaseHandle,
  criteria: SeriesCriteria,
  since: string,
  page: KeysetPage,
): Promise<SeriesRecord[]> {
  const rows = await db
    .selectFrom("catalog_series")
    .select(seriesRecordColumns)
    .where(seriesCondition(dialect, criteria))
    .where("last_update", ">", startOf(since))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toSeriesRecord);
}

export async function countCompanies({ db, dialect }: DatabaseHandle, criteria: CompanyCriteria): Promise<number> {
  const row = await db
    .selectFrom("catalog_companies")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(companyCondition(dialect, criteria))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function companyPage({ db, dialect }: DatabaseHandle, criteria: CompanyCriteria, page: KeysetPage): Promise<Company[]> {
  const rows = await db
    .selectFrom("catalog_companies")
    .selectAll()
    .where(companyCondition(dialect, criteria))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toCompany);
}

export async function companyStatements(
  { db, dialect }: DatabaseHandle,
  ids: readonly string[],
  criteria: StatementCriteria = {},
): Promise<CompanyStatements[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("catalog_statements")
    .innerJoin("catalog_companies", "catalog_companies.id", "catalog_statements.company_id")
    .select(["catalog_statements.company_id", "catalog_statements.statements", "catalog_companies.isic", "catalog_companies.country"])
    .where(idIn(dialect, "catalog_statements.company_id", ids))
    .execute();
  const found = new Map(rows.map((row) => [row.company_id, row]));
  return ids.flatMap((id) => {
    const row = found.get(id);
    if (!row) return [];
    const company = { id, isic: row.isic, currency: currencyOf.get(row.country) ?? "USD" };
    const statements = parseStatements(row.statements)
      .map((stored) => toStatement(company, stored))
      .filter((statement) => matchesStatement(statement, criteria));
    return [{ companyId: id, statements }];
  });
}

export async function changedCompanies(
  { db, dialect }: DatabaseHandle,
  criteria: CompanyCriteria,
  since: string,
  page: KeysetPage,
): Promise<Company[]> {
  const rows = await db
    .selectFrom("catalog_companies")
    .selectAll()
    .where(companyCondition(dialect, criteria))
    .where("updated_at", ">", startOf(since))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toCompany);
}

export async function countDocuments({ db, dialect }: DatabaseHandle, criteria: DocumentCriteria): Promise<number> {
  const row = await db
    .selectFrom("catalog_documents")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(documentCondition(dialect, criteria))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function documentPage(
  { db, dialect }: DatabaseHandle,
  criteria: DocumentCriteria,
  page: KeysetPage,
): Promise<DocumentRecord[]> {
  const rows = await db
    .selectFrom("catalog_documents")
    .selectAll()
    .where(documentCondition(dialect, criteria))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toDocument);
}

export async function changedDocuments(
  { db, dialect }: DatabaseHandle,
  criteria: DocumentCriteria,
  since: string,
  page: KeysetPage,
): Promise<DocumentRecord[]> {
  const rows = await db
    .selectFrom("catalog_documents")
    .selectAll()
    .where(documentCondition(dialect, criteria))
    .where("updated_at", ">", startOf(since))
    .$call((query) => (page.afterId ? query.where("id", ">", page.afterId) : query))
    .orderBy("id")
    .limit(page.limit)
    .execute();
  return rows.map(toDocument);
}
