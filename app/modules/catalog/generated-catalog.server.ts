import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from "kysely";
import type { DatabaseHandle, DialectName } from "~/modules/db/database.server";
import { endOf, startOf } from "~/modules/db/moments";
import { containsLowerCased } from "~/modules/db/text-search";
import type { CatalogCompanyTable, CatalogDocumentTable, CatalogSeriesTable, Database } from "~/modules/db/schema";
import type {
  AdvanceResult,
  CatalogSource,
  Company,
  CompanyCriteria,
  CompanyStatements,
  DictionaryKind,
  DocumentCriteria,
  DocumentRecord,
  KeysetPage,
  PointsOptions,
  SeriesCriteria,
  SeriesFrequency,
  SeriesRecord,
  StatementCriteria,
  SearchWindow,
} from "./catalog";
import { dictionaryEntries } from "./dictionaries";
import {
  GENERATOR_VERSION,
  companyId,
  econLayout,
  generateCompany,
  generateDocument,
  generateSeries,
  maxSeries,
  nextValue,
  seriesId,
  withDocumentContent,
  type GeneratedCompany,
  type GeneratedDocument,
  type GeneratedSeries,
  type StoredPoint,
  type StoredStatement,
} from "./generator";
import { nextPeriodDate } from "./periods";
import { selectPoints } from "./points";
import { createRandom, type Random } from "./random";
import { countries } from "./reference-data";
import { matchesStatement, toStatement } from "./statements";

export interface CatalogSizes {
  series: number;
  companies: number;
  documents: number;
}

type Db = Kysely<Database>;
type Condition = Expression<SqlBool>;

const STATE_ID = 1;
/** Rows per INSERT: well under the bound-parameter limits of SQLite and PostgreSQL. */
const BATCH = 400;
/** Serialises seeding and advancing across processes sharing one PostgreSQL database. */
const POSTGRES_LOCK = 7_310_403;

const currencyOf = new Map(countries.map((country) => [country.id, country.currency]));

const contains = containsLowerCased;

function lower(column: string): Expression<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

/** Every word of the keyword, anywhere in the column. */
function keywordConditions(column: Expression<string>, keyword: string | undefined): Condition[] {
  return (keyword ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => contains(column, word));
}

/** A JSON array column that holds any of the values. */
function holdsAny(column: string, values: readonly string[] | undefined): Condition[] {
  if (!values?.length) return [];
  const checks = values.map((value) => contains(lower(column), JSON.stringify(value)));
  return [sql<SqlBool>`(${sql.join(checks, sql` or `)})`];
}

/** One bound parameter for any number of ids, so id lists of 100,000 stay within the parameter limits. */
function idIn(dialect: DialectName, column: string, ids: readonly string[]): Condition {
  return dialect === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

function anyOf<T extends keyof Database>(
  eb: ExpressionBuilder<Database, T>,
  column: string,
  values: readonly (string | number)[] | undefined,
): Condition[] {
  return values?.length ? [eb(sql.ref(column), "in", [...values])] : [];
}

function when(condition: unknown, make: () => Condition): Condition[] {
  return condition ? [make()] : [];
}

function seriesFilters(eb: ExpressionBuilder<Database, "catalog_series">, criteria: SeriesCriteria): Condition[] {
  const keywordColumn = criteria.nameOnly ? lower("catalog_series.name") : sql.ref<string>("catalog_series.search_text");
  return [
    ...keywordConditions(keywordColumn, criteria.keyword),
    ...anyOf(eb, "catalog_series.frequency", criteria.frequency),
    ...anyOf(eb, "catalog_series.country", criteria.country),
    ...anyOf(eb, "catalog_series.region", criteria.region),
    ...anyOf(eb, "catalog_series.unit", criteria.unit),
    ...anyOf(eb, "catalog_series.indicator", criteria.indicator),
    ...anyOf(eb, "catalog_series.topic_id", criteria.topic),
    ...anyOf(eb, "catalog_series.section_id", criteria.section),
    ...anyOf(eb, "catalog_series.table_id", criteria.table),
    ...anyOf(eb, "catalog_series.source", criteria.source),
    ...when(criteria.startDateBefore, () => eb("start_date", "<", criteria.startDateBefore!.slice(0, 10))),
    ...when(criteria.endDateAfter, () => eb("end_date", ">", criteria.endDateAfter!.slice(0, 10))),
    ...when(criteria.createdAfter, () => eb("created_at", ">", startOf(criteria.createdAfter!))),
    ...when(criteria.updatedAfter, () => eb("last_update", ">", startOf(criteria.updatedAfter!))),
    ...when(criteria.keyOnly, () => eb("is_key", "=", 1)),
  ];
}

/** No rows: `in ()` is not SQL on PostgreSQL. */
const nothing = sql<SqlBool>`1 = 0`;

/**
 * The database and the subscribed databases scope everything; listed ids and the other criteria are a union
 * (SPEC.md section 5).
 */
function seriesCondition(dialect: DialectName, criteria: SeriesCriteria) {
  return (eb: ExpressionBuilder<Database, "catalog_series">): Condition => {
    const subscribed = criteria.databases;
    const scope = [
      ...when(criteria.database, () => eb("database_id", "=", criteria.database!)),
      ...(subscribed ? [subscribed.length ? eb("database_id", "in", [...subscribed]) : nothing] : []),
    ];
    const filters = seriesFilters(eb, criteria);
    const listed = criteria.seriesIds?.length ? idIn(dialect, "catalog_series.id", criteria.seriesIds) : undefined;
    const selection = !listed ? eb.and(filters) : filters.length ? eb.or([listed, eb.and(filters)]) : listed;
    return eb.and([...scope, selection]);
  };
}

function companyCondition(dialect: DialectName, criteria: CompanyCriteria) {
  return (eb: ExpressionBuilder<Database, "catalog_companies">): Condition =>
    eb.and([
      ...when(criteria.companyIds?.length, () => idIn(dialect, "catalog_companies.id", criteria.companyIds!)),
      ...keywordConditions(sql.ref("catalog_companies.search_text"), criteria.keyword),
      ...when(criteria.updatedFrom, () => eb("updated_at", ">=", startOf(criteria.updatedFrom!))),
      ...when(criteria.updatedTo, () => eb("updated_at", "<=", endOf(criteria.updatedTo!))),
      ...when(criteria.name, () => contains(lower("catalog_companies.name"), criteria.name!)),
      ...anyOf(eb, "catalog_companies.country", criteria.country),
      ...anyOf(eb, "catalog_companies.type", criteria.type),
      ...anyOf(eb, "catalog_companies.main_industry", criteria.mainIndustry),
      ...holdsAny("catalog_companies.secondary_industries", criteria.secondaryIndustry),
      ...anyOf(eb, "catalog_companies.status", criteria.status),
      ...when(criteria.employeesFrom !== undefined, () => eb("employees", ">=", criteria.employeesFrom!)),
      ...when(criteria.employeesTo !== undefined, () => eb("employees", "<=", criteria.employeesTo!)),
      ...anyOf(eb, "catalog_companies.legal_form", criteria.legalForm),
      ...anyOf(eb, "catalog_companies.local_legal_form", criteria.localLegalForm),
      ...anyOf(eb, "catalog_companies.region", criteria.region),
      ...when(criteria.city, () => contains(lower("catalog_companies.city"), criteria.city!)),
      ...when(criteria.executive, () => contains(lower("catalog_companies.executives"), criteria.executive!)),
      ...when(criteria.shareholder, () => contains(lower("catalog_companies.shareholders"), criteria.shareholder!)),
      ...when(criteria.subsidiary, () => contains(lower("catalog_companies.subsidiaries"), criteria.subsidiary!)),
      ...when(criteria.auditor, () => contains(lower("catalog_companies.auditors"), criteria.auditor!)),
      ...when(criteria.description, () => contains(lower("catalog_companies.description"), criteria.description!)),
      ...when(criteria.product, () => contains(lower("catalog_companies.products"), criteria.product!)),
      ...when(criteria.ownerName, () => contains(lower("catalog_companies.owner_name"), criteria.ownerName!)),
      ...anyOf(eb, "catalog_companies.owner_citizenship", criteria.ownerCitizenship),
      ...when(criteria.ownerBirthDate, () => eb("owner_birth_date", "=", criteria.ownerBirthDate!.slice(0, 10))),
      ...holdsAny("catalog_companies.import_countries", criteria.importCountry),
      ...holdsAny("catalog_companies.export_countries", criteria.exportCountry),
    ]);
}

const documentKeywordColumns = { title: "catalog_documents.title", summary: "catalog_documents.summary" } as const;

function documentCondition(dialect: DialectName, criteria: DocumentCriteria) {
  return (eb: ExpressionBuilder<Database, "catalog_documents">): Condition => {
    const searchIn = criteria.searchIn ?? "all";
    const keywordColumn = searchIn === "all" ? sql.ref<string>("catalog_documents.search_text") : lower(documentKeywordColumns[searchIn]);
    return eb.and([
      ...when(criteria.documentIds?.length, () => idIn(dialect, "catalog_documents.id", criteria.documentIds!)),
      ...keywordConditions(keywordColumn, criteria.keyword),
      ...anyOf(eb, "catalog_documents.country", criteria.country),
      ...anyOf(eb, "catalog_documents.language", criteria.language),
      ...anyOf(eb, "catalog_documents.format", criteria.format),
      ...anyOf(eb, "catalog_documents.industry", criteria.industry),
      ...anyOf(eb, "catalog_documents.publication_type", criteria.publicationType),
      ...anyOf(eb, "catalog_documents.source", criteria.source),
      ...anyOf(eb, "catalog_documents.topic", criteria.topic),
      ...when(criteria.publishedAfter, () => eb("published_at", ">", startOf(criteria.publishedAfter!))),
      ...when(criteria.publishedBefore, () => eb("published_at", "<", endOf(criteria.publishedBefore!))),
    ]);
  };
}

function toSeriesRecord(row: Selectable<CatalogSeriesTable>): SeriesRecord {
  return {
    id: row.id,
    name: row.name,
    frequency: row.frequency as SeriesFrequency,
    unit: row.unit,
    country: row.country,
    region: row.region,
    indicator: row.indicator,
    source: row.source,
    database: row.database_id,
    topic: row.topic_id,
    section: row.section_id,
    table: row.table_id,
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: row.created_at,
    lastUpdate: row.last_update,
    key: row.is_key === 1,
    status: row.status === "discontinued" ? "discontinued" : "active",
  };
}

function seriesRow({ record, searchText }: GeneratedSeries): Selectable<CatalogSeriesTable> {
  return {
    id: record.id,
    name: record.name,
    frequency: record.frequency,
    unit: record.unit,
    country: record.country,
    region: record.region,
    indicator: record.indicator,
    source: record.source,
    database_id: record.database,
    topic_id: record.topic,
    section_id: record.section,
    table_id: record.table,
    start_date: record.startDate,
    end_date: record.endDate,
    created_at: record.createdAt,
    last_update: record.lastUpdate,
    is_key: record.key ? 1 : 0,
    status: record.status,
    search_text: searchText,
  };
}

function parseList<T>(json: string): T[] {
  return JSON.parse(json) as T[];
}

function toCompany(row: Selectable<CatalogCompanyTable>): Company {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    city: row.city,
    address: row.address,
    type: row.type,
    mainIndustry: row.main_industry,
    secondaryIndustries: parseList(row.secondary_industries),
    isic: row.isic,
    legalForm: row.legal_form,
    localLegalForm: row.local_legal_form,
    status: row.status,
    employees: row.employees,
    description: row.description,
    products: parseList(row.products),
    executives: parseList(row.executives),
    shareholders: parseList(row.shareholders),
    subsidiaries: parseList(row.subsidiaries),
    auditors: parseList(row.auditors),
    ultimateOwner:
      row.owner_name === null ? null : { name: row.owner_name, citizenship: row.owner_citizenship ?? "", birthDate: row.owner_birth_date },
    importCountries: parseList(row.import_countries),
    exportCountries: parseList(row.export_countries),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function companyRow({ company, searchText }: GeneratedCompany): Selectable<CatalogCompanyTable> {
  return {
    id: company.id,
    name: company.name,
    country: company.country,
    region: company.region,
    city: company.city,
    address: company.address,
    type: company.type,
    main_industry: company.mainIndustry,
    secondary_industries: JSON.stringify(company.secondaryIndustries),
    isic: company.isic,
    legal_form: company.legalForm,
    local_legal_form: company.localLegalForm,
    status: company.status,
    employees: company.employees,
    description: company.description,
    products: JSON.stringify(company.products),
    executives: JSON.stringify(company.executives),
    shareholders: JSON.stringify(company.shareholders),
    subsidiaries: JSON.stringify(company.subsidiaries),
    auditors: JSON.stringify(company.auditors),
    owner_name: company.ultimateOwner?.name ?? null,
    owner_citizenship: company.ultimateOwner?.citizenship ?? null,
    owner_birth_date: company.ultimateOwner?.birthDate ?? null,
    import_countries: JSON.stringify(company.importCountries),
    export_countries: JSON.stringify(company.exportCountries),
    search_text: searchText,
    created_at: company.createdAt,
    updated_at: company.updatedAt,
  };
}

/** The stored metadata with its body text, derived from it on read (documentContent). */
function toDocument(row: Selectable<CatalogDocumentTable>): DocumentRecord {
  return withDocumentContent({
    id: row.id,
    title: row.title,
    summary: row.summary,
    country: row.country,
    language: row.language,
    format: row.format,
    industry: row.industry,
    publicationType: row.publication_type,
    source: row.source,
    topic: row.topic,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  });
}

function documentRow({ document, searchText }: GeneratedDocument): Selectable<CatalogDocumentTable> {
  return {
    id: document.id,
    title: document.title,
    summary: document.summary,
    country: document.country,
    language: document.language,
    format: document.format,
    industry: document.industry,
    publication_type: document.publicationType,
    source: document.source,
    topic: document.topic,
    search_text: searchText,
    published_at: document.publishedAt,
    updated_at: document.updatedAt,
  };
}

async function insertSeries(db: Db, items: readonly GeneratedSeries[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await db.insertInto("catalog_series").values(batch.map(seriesRow)).execute();
    await db
      .insertInto("catalog_series_points")
      .values(batch.map(({ record, points }) => ({ series_id: record.id, points: JSON.stringify(points) })))
      .execute();
  }
}

async function insertCompanies(db: Db, items: readonly GeneratedCompany[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await db.insertInto("catalog_companies").values(batch.map(companyRow)).execute();
    await db
      .insertInto("catalog_statements")
      .values(batch.map(({ company, statements }) => ({ company_id: company.id, statements: JSON.stringify(statements) })))
      .execute();
  }
}

async function insertDocuments(db: Db, items: readonly GeneratedDocument[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    await db
      .insertInto("catalog_documents")
      .values(items.slice(i, i + BATCH).map(documentRow))
      .execute();
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** `count` distinct numbers below `total`, in the order drawn. */
function distinctIndices(random: Random, total: number, count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, total)) chosen.add(Math.floor(random() * total));
  return [...chosen];
}

/** A share of a total, at least one while there is anything, at most `max`. */
function portion(total: number, share: number, max: number): number {
  return total === 0 ? 0 : Math.min(max, Math.max(1, Math.round(total * share)));
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The embedded catalog: generated items stored in the portal's database (migration 0003_catalog), read
 * with the same queries on SQLite and PostgreSQL.
 */
export class GeneratedCatalog implements CatalogSource {
  private readonly db: Db;
  private readonly dialect: DialectName;

  constructor(
    handle: DatabaseHandle,
    private readonly sizes: CatalogSizes,
  ) {
    this.db = handle.db;
    this.dialect = handle.dialect;
  }

  private signature(): string {
    return `v${GENERATOR_VERSION}:${this.sizes.series}:${this.sizes.companies}:${this.sizes.documents}`;
  }

  private async lock(trx: Db): Promise<void> {
    if (this.dialect === "postgres") await sql`select pg_advisory_xact_lock(${POSTGRES_LOCK})`.execute(trx);
  }

  private async seededSignature(db: Db): Promise<string | undefined> {
    const row = await db.selectFrom("catalog_state").select("signature").where("id", "=", STATE_ID).executeTakeFirst();
    return row?.signature;
  }

  /**
   * Generates the catalog into the database unless it already holds one of the same sizes and generator
   * version; a catalog of other sizes is replaced (with whatever `advance` had added to it).
   */
  async seed(now: Date = new Date()): Promise<void> {
    const { series, companies, documents } = this.sizes;
    if (series > maxSeries()) throw new Error(`CATALOG_SERIES can be at most ${maxSeries()}.`);
    if ((await this.seededSignature(this.db)) === this.signature()) return;
    await this.db.transaction().execute(async (trx) => {
      await this.lock(trx);
      if ((await this.seededSignature(trx)) === this.signature()) return;
      for (const table of [
        "catalog_series_points",
        "catalog_series",
        "catalog_statements",
        "catalog_companies",
        "catalog_documents",
        "catalog_state",
      ] as const) {
        await trx.deleteFrom(table).execute();
      }
      for (let i = 0; i < series; i += BATCH) await insertSeries(trx, range(i, Math.min(series, i + BATCH)).map(generateSeries));
      for (let i = 0; i < companies; i += BATCH) await insertCompanies(trx, range(i, Math.min(companies, i + BATCH)).map(generateCompany));
      for (let i = 0; i < documents; i += BATCH) await insertDocuments(trx, range(i, Math.min(documents, i + BATCH)).map(generateDocument));
      await trx
        .insertInto("catalog_state")
        .values({
          id: STATE_ID,
          signature: this.signature(),
          series_count: series,
          company_count: companies,
          document_count: documents,
          seeded_at: now.toISOString(),
          advanced_at: null,
        })
        .execute();
    });
  }

  async countSeries(criteria: SeriesCriteria): Promise<number> {
    const row = await this.db
      .selectFrom("catalog_series")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(seriesCondition(this.dialect, criteria))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async seriesPage(criteria: SeriesCriteria, page: KeysetPage): Promise<SeriesRecord[]> {
    const rows = await this.db
      .selectFrom("catalog_series")
      .selectAll()
      .where(seriesCondition(this.dialect, criteria))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toSeriesRecord);
  }

  async searchSeries(criteria: SeriesCriteria, window: SearchWindow): Promise<SeriesRecord[]> {
    const direction = criteria.direction ?? "asc";
    const rows = await this.db
      .selectFrom("catalog_series")
      .selectAll()
      .where(seriesCondition(this.dialect, criteria))
      .orderBy(this.orderColumn(criteria.order), direction)
      .$if(Boolean(criteria.order) && criteria.order !== "id", (query) => query.orderBy("id"))
      .offset(window.offset)
      .limit(window.limit)
      .execute();
    return rows.map(toSeriesRecord);
  }

  /** Names sort by code point on both dialects, whatever the PostgreSQL collation. */
  private orderColumn(order: SeriesCriteria["order"]) {
    if (order === "updated") return sql.ref<string>("last_update");
    if (order !== "name") return sql.ref<string>("id");
    return this.dialect === "postgres" ? sql<string>`${sql.ref("name")} collate "C"` : sql.ref<string>("name");
  }

  async seriesPoints(ids: readonly string[], options: PointsOptions = {}) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("catalog_series_points")
      .innerJoin("catalog_series", "catalog_series.id", "catalog_series_points.series_id")
      .select(["catalog_series_points.series_id", "catalog_series_points.points", "catalog_series.frequency"])
      .where(idIn(this.dialect, "catalog_series_points.series_id", ids))
      .execute();
    const found = new Map(rows.map((row) => [row.series_id, row]));
    return ids.flatMap((id) => {
      const row = found.get(id);
      if (!row) return [];
      const stored = JSON.parse(row.points) as StoredPoint[];
      return [{ seriesId: id, points: selectPoints(row.frequency as SeriesFrequency, stored, options) }];
    });
  }

  async changedSeries(criteria: SeriesCriteria, since: string, page: KeysetPage): Promise<SeriesRecord[]> {
    const rows = await this.db
      .selectFrom("catalog_series")
      .selectAll()
      .where(seriesCondition(this.dialect, criteria))
      .where("last_update", ">", startOf(since))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toSeriesRecord);
  }

  async countCompanies(criteria: CompanyCriteria): Promise<number> {
    const row = await this.db
      .selectFrom("catalog_companies")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(companyCondition(this.dialect, criteria))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async companyPage(criteria: CompanyCriteria, page: KeysetPage): Promise<Company[]> {
    const rows = await this.db
      .selectFrom("catalog_companies")
      .selectAll()
      .where(companyCondition(this.dialect, criteria))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toCompany);
  }

  async companyStatements(ids: readonly string[], criteria: StatementCriteria = {}): Promise<CompanyStatements[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("catalog_statements")
      .innerJoin("catalog_companies", "catalog_companies.id", "catalog_statements.company_id")
      .select(["catalog_statements.company_id", "catalog_statements.statements", "catalog_companies.isic", "catalog_companies.country"])
      .where(idIn(this.dialect, "catalog_statements.company_id", ids))
      .execute();
    const found = new Map(rows.map((row) => [row.company_id, row]));
    return ids.flatMap((id) => {
      const row = found.get(id);
      if (!row) return [];
      const company = { id, isic: row.isic, currency: currencyOf.get(row.country) ?? "USD" };
      const statements = (JSON.parse(row.statements) as StoredStatement[])
        .map((stored) => toStatement(company, stored))
        .filter((statement) => matchesStatement(statement, criteria));
      return [{ companyId: id, statements }];
    });
  }

  async changedCompanies(criteria: CompanyCriteria, since: string, page: KeysetPage): Promise<Company[]> {
    const rows = await this.db
      .selectFrom("catalog_companies")
      .selectAll()
      .where(companyCondition(this.dialect, criteria))
      .where("updated_at", ">", startOf(since))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toCompany);
  }

  async countDocuments(criteria: DocumentCriteria): Promise<number> {
    const row = await this.db
      .selectFrom("catalog_documents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(documentCondition(this.dialect, criteria))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async documentPage(criteria: DocumentCriteria, page: KeysetPage): Promise<DocumentRecord[]> {
    const rows = await this.db
      .selectFrom("catalog_documents")
      .selectAll()
      .where(documentCondition(this.dialect, criteria))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toDocument);
  }

  async changedDocuments(criteria: DocumentCriteria, since: string, page: KeysetPage): Promise<DocumentRecord[]> {
    const rows = await this.db
      .selectFrom("catalog_documents")
      .selectAll()
      .where(documentCondition(this.dialect, criteria))
      .where("updated_at", ">", startOf(since))
      .$if(Boolean(page.afterId), (query) => query.where("id", ">", page.afterId!))
      .orderBy("id")
      .limit(page.limit)
      .execute();
    return rows.map(toDocument);
  }

  async dictionary(kind: DictionaryKind) {
    return dictionaryEntries(kind);
  }

  async econLayout() {
    return econLayout();
  }

  /**
   * Appends the next point to about 1% of the series, revises the latest point of about 0.2% (the old
   * value stays as a vintage), adds new series, companies and documents and updates a few companies. Which
   * items move depends only on how often the catalog advanced before, so every database moves alike.
   */
  async advance(now: Date): Promise<AdvanceResult> {
    const moment = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx);
      const state = await trx.selectFrom("catalog_state").selectAll().where("id", "=", STATE_ID).executeTakeFirst();
      if (!state) throw new Error("The catalog has not been seeded.");
      const random = createRandom("catalog-advance", state.signature, state.advance_count);
      const seriesTotal = state.series_count;
      const appendCount = portion(seriesTotal, 0.01, 500);
      const chosen = distinctIndices(random, seriesTotal, appendCount + portion(seriesTotal, 0.002, 100));
      const appendedSeries = await this.appendPoints(trx, random, chosen.slice(0, appendCount), moment);
      const revisedSeries = await this.revisePoints(trx, random, chosen.slice(appendCount), moment);

      const newSeriesCount = Math.min(portion(seriesTotal, 0.0005, 50), maxSeries() - seriesTotal);
      const newSeries = range(seriesTotal, seriesTotal + newSeriesCount).map((index) => asNewSeries(generateSeries(index), moment));
      await insertSeries(trx, newSeries);

      const updatedCompanies = await this.updateCompanies(
        trx,
        random,
        distinctIndices(random, state.company_count, portion(state.company_count, 0.002, 100)),
        moment,
      );
      const companyTotal = state.company_count + portion(state.company_count, 0.0005, 20);
      const newCompanies = range(state.company_count, companyTotal).map((index) => asNewCompany(generateCompany(index), moment));
      await insertCompanies(trx, newCompanies);

      const documentTotal = state.document_count + portion(state.document_count, 0.002, 50);
      const newDocuments = range(state.document_count, documentTotal).map((index) => asNewDocument(generateDocument(index), moment));
      await insertDocuments(trx, newDocuments);

      await trx
        .updateTable("catalog_state")
        .set({
          series_count: seriesTotal + newSeriesCount,
          company_count: companyTotal,
          document_count: documentTotal,
          advance_count: state.advance_count + 1,
          advanced_at: moment,
        })
        .where("id", "=", STATE_ID)
        .execute();
      return {
        appendedSeries,
        revisedSeries,
        newSeries: newSeries.map((item) => item.record.id),
        updatedCompanies,
        newCompanies: newCompanies.map((item) => item.company.id),
        newDocuments: newDocuments.map((item) => item.document.id),
      };
    });
  }

  private async storedSeries(trx: Db, indices: readonly number[]) {
    if (indices.length === 0) return [];
    const ids = indices.map(seriesId).sort(byId);
    return trx
      .selectFrom("catalog_series")
      .innerJoin("catalog_series_points", "catalog_series_points.series_id", "catalog_series.id")
      .select(["catalog_series.id", "catalog_series.frequency", "catalog_series.status", "catalog_series_points.points"])
      .where(idIn(this.dialect, "catalog_series.id", ids))
      .orderBy("catalog_series.id")
      .execute();
  }

  private async appendPoints(trx: Db, random: Random, indices: readonly number[], moment: string): Promise<string[]> {
    const appended: string[] = [];
    for (const row of await this.storedSeries(trx, indices)) {
      if (row.status === "discontinued") continue;
      const frequency = row.frequency as SeriesFrequency;
      const points = JSON.parse(row.points) as StoredPoint[];
      const [lastDate, lastValue] = points[points.length - 1]!;
      const date = nextPeriodDate(frequency, lastDate);
      points.push([date, nextValue(random, lastValue, 0.01), 0, moment]);
      await trx
        .updateTable("catalog_series_points")
        .set({ points: JSON.stringify(points) })
        .where("series_id", "=", row.id)
        .execute();
      await trx.updateTable("catalog_series").set({ end_date: date, last_update: moment }).where("id", "=", row.id).execute();
      appended.push(row.id);
    }
    return appended;
  }

  private async revisePoints(trx: Db, random: Random, indices: readonly number[], moment: string): Promise<string[]> {
    const revised: string[] = [];
    for (const row of await this.storedSeries(trx, indices)) {
      const points = JSON.parse(row.points) as StoredPoint[];
      const latest = points[points.length - 1]!;
      points.push([latest[0], nextValue(random, latest[1], 0.005), (latest[2] ?? 0) + 1, moment]);
      await trx
        .updateTable("catalog_series_points")
        .set({ points: JSON.stringify(points) })
        .where("series_id", "=", row.id)
        .execute();
      await trx.updateTable("catalog_series").set({ last_update: moment }).where("id", "=", row.id).execute();
      revised.push(row.id);
    }
    return revised;
  }

  private async updateCompanies(trx: Db, random: Random, indices: readonly number[], moment: string): Promise<string[]> {
    if (indices.length === 0) return [];
    const ids = indices.map(companyId).sort(byId);
    const rows = await trx
      .selectFrom("catalog_companies")
      .select(["id", "employees"])
      .where(idIn(this.dialect, "catalog_companies.id", ids))
      .orderBy("id")
      .execute();
    for (const row of rows) {
      const employees = Math.max(1, Math.round(row.employees * (1 + 0.05 * (random() * 2 - 1))));
      await trx.updateTable("catalog_companies").set({ employees, updated_at: moment }).where("id", "=", row.id).execute();
    }
    return rows.map((row) => row.id);
  }
}

function asNewSeries(item: GeneratedSeries, moment: string): GeneratedSeries {
  const frequency = item.record.frequency;
  const latest = selectPoints(frequency, item.points);
  return {
    ...item,
    record: { ...item.record, createdAt: moment, lastUpdate: moment },
    points: latest.map((point): StoredPoint => [point.date, point.value, 0, moment]),
  };
}

function asNewCompany(item: GeneratedCompany, moment: string): GeneratedCompany {
  return { ...item, company: { ...item.company, createdAt: moment, updatedAt: moment } };
}

function asNewDocument(item: GeneratedDocument, moment: string): GeneratedDocument {
  return { ...item, document: withDocumentContent({ ...item.document, publishedAt: moment, updatedAt: moment }) };
}
