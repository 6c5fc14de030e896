import { databaseAllowed, databasesCriterion, type DatabaseScope } from "~/modules/auth/database-scope.server";
import type { CatalogSource, EconDatabase, SeriesCriteria, SeriesFrequency, SeriesRecord } from "~/modules/catalog/catalog";
import { getCatalog } from "~/modules/catalog/source.server";
import type { Caller } from "../access.server";
import { flag, numeric, list, text, type CallInput } from "../call-input";
import { badRequest, forbidden, notFound } from "../errors";
import { ok, type CallContext, type Handler, type SetHandlers } from "../handler";
import { seriesApiId, seriesCatalogId } from "../ids";
import { fileLink } from "../file-links.server";
import { createRecord, listRecords } from "../records.server";
import { allInsights, matchesInsight, type Insight } from "./insights";
import { scanWindow } from "./paging.server";
import { SANDBOX_DATABASES } from "./sandbox-sample";
import { pageOf } from "./seeded";
import { dateCount, toApiSeries, toTimePoints } from "./series-model";

/**
 * The Macroeconomic Data API over the generated catalog, and the sandbox: the same operations over the
 * sample (sandbox-sample.ts), where "not subscribed" reads "outside the sandbox sample".
 */

const catalog = (): CatalogSource => getCatalog();
const MAX_IDS = 25;

function outsideScope(sandbox: boolean): Error {
  return forbidden(
    sandbox
      ? "Forbidden: the requested data is outside the sandbox sample."
      : "Forbidden: the account is not subscribed to the database of the requested data.",
  );
}

/** The databases a search may read: the requested ones the caller may read, or all the caller may read. */
function searchScope(scope: DatabaseScope, requested: readonly string[] | undefined): { databases?: readonly string[] } {
  if (!requested) return databasesCriterion(scope);
  return { databases: requested.filter((database) => databaseAllowed(scope, database)) };
}

function window(input: CallInput) {
  return { offset: numeric(input, "offset") ?? 0, limit: numeric(input, "limit") ?? 100 };
}

/** A page of series for the criteria; a status filter is applied while walking the list (the catalog has none). */
async function seriesWindow(criteria: SeriesCriteria, status: string | undefined, offset: number, limit: number) {
  if (!status) return catalog().searchSeriesWithTotal(criteria, { offset, limit });
  return scanWindow(
    (afterId, size) => catalog().seriesPage(criteria, { afterId, limit: size }),
    (series) => series.status === status,
    offset,
    limit,
  );
}

const searchSeries: Handler = async ({ caller, input }) => {
  const frequency = text(input, "frequency") as SeriesFrequency | undefined;
  const criteria: SeriesCriteria = {
    keyword: text(input, "keyword"),
    nameOnly: flag(input, "name_only"),
    keyOnly: flag(input, "key_only"),
    frequency: frequency ? [frequency] : undefined,
    country: list(input, "country")?.map((code) => code.toUpperCase()),
    updatedAfter: text(input, "updated_after"),
    ...searchScope(caller.databases, list(input, "database")),
  };
  const { offset, limit } = window(input);
  const { total, items } = await seriesWindow(criteria, text(input, "status"), offset, limit);
  return ok({ total, offset, limit, data: items.map((series) => toApiSeries(series)) });
};

/** The requested series the caller may read, in the order asked; 404 when none exists, 403 when none is readable. */
async function readableSeries(caller: Caller, idList: string, sandbox: boolean): Promise<SeriesRecord[]> {
  const requested = [...new Set(idList.split(",").map((id) => id.trim()))].slice(0, MAX_IDS);
  const ids = requested.map(seriesCatalogId).filter((id): id is string => id !== null);
  const found = ids.length ? await catalog().seriesPage({ seriesIds: ids }, { limit: ids.length }) : [];
  if (found.length === 0) throw notFound("Not found: no series has this id.");
  const readable = found.filter((series) => databaseAllowed(caller.databases, series.database));
  if (readable.length === 0) throw outsideScope(sandbox);
  return readable.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

const getSeries =
  (sandbox: boolean): Handler =>
  async ({ caller, input }) => {
    const series = await readableSeries(caller, text(input, "id") ?? "", sandbox);
    const points = await catalog().seriesPoints(series.map((record) => record.id));
    const counts = new Map(points.map((entry) => [entry.seriesId, dateCount(entry.points)]));
    return ok({ data: series.map((record) => toApiSeries(record, counts.get(record.id) ?? 0)) });
  };

async function seriesData(records: readonly SeriesRecord[], input: CallInput) {
  const filter = {
    all: text(input, "time_points_status") === "all",
    startDate: text(input, "start_date"),
    endDate: text(input, "end_date"),
    updatedAfter: text(input, "updated_after"),
  };
  const points = await catalog().seriesPoints(
    records.map((record) => record.id),
    { vintages: true },
  );
  return { data: points.map((entry) => ({ id: seriesApiId(entry.seriesId), time_points: toTimePoints(entry.points, filter) })) };
}

const getSeriesData =
  (sandbox: boolean): Handler =>
  async ({ caller, input }) => {
    if (text(input, "start_date") && text(input, "end_date") && text(input, "start_date")! > text(input, "end_date")!) {
      throw badRequest("Bad request: start_date is after end_date.");
    }
    return ok(await seriesData(await readableSeries(caller, text(input, "id") ?? "", sandbox), input));
  };

// Insights ------------------------------------------------------------------------------------------------

const CITED_TTL_MS = 10 * 60 * 1000;
let cited: { at: number; byCountry: Map<string, string[]> } | undefined;

/** Up to four key series per country, the ones insights cite (read once every ten minutes). */
async function citedSeries(): Promise<Map<string, string[]>> {
  if (cited && Date.now() - cited.at < CITED_TTL_MS) return cited.byCountry;
  const key = await catalog().searchSeries({ keyOnly: true }, { offset: 0, limit: 2000 });
  const byCountry = new Map<string, string[]>();
  for (const series of key) {
    const ids = byCountry.get(series.country) ?? [];
    if (ids.length < 4) byCountry.set(series.country, [...ids, seriesApiId(series.id)]);
  }
  cited = { at: Date.now(), byCountry };
  return byCountry;
}

async function insights(): Promise<Insight[]> {
  const byCountry = await citedSeries();
  return allInsights((country) => byCountry.get(country) ?? []);
}

async function findInsight(id: string): Promise<Insight> {
  const insight = (await insights()).find((candidate) => candidate.id === id);
  if (!insight) throw notFound("Not found: no insight has this id.");
  return insight;
}

/** The insight behind a download link. */
export const findInsightForFile = findInsight;

const searchInsights: Handler = async ({ input }) => {
  const query = {
    keyword: text(input, "keyword"),
    country: text(input, "country"),
    category: text(input, "category"),
    publishedAfter: text(input, "published_after"),
  };
  const { offset, limit } = window(input);
  return ok(
    pageOf(
      (await insights()).filter((insight) => matchesInsight(insight, query)),
      offset,
      limit,
    ),
  );
};

const getInsight: Handler = async ({ input }) => ok(await findInsight(text(input, "id") ?? ""));

const INSIGHT_LINK_MINUTES = 15;

const downloadInsight: Handler = async ({ set, input, now }) => {
  const insight = await findInsight(text(input, "id") ?? "");
  const format = text(input, "file_format") ?? "pdf";
  if (!insight.file_formats.includes(format)) throw notFound("Not found: this insight is not available in this format.");
  const expires = new Date(now.getTime() + INSIGHT_LINK_MINUTES * 60_000);
  return ok({
    id: insight.id,
    file_format: format,
    download_url: fileLink({ set, kind: "insight", id: insight.id, format, expires: expires.getTime() }),
    expires_at: expires.toISOString(),
  });
};

const getInsightSeriesData: Handler = async ({ caller, input }) => {
  const insight = await findInsight(text(input, "id") ?? "");
  const ids = insight.series_ids.map(seriesCatalogId).filter((id): id is string => id !== null);
  const found = ids.length
    ? await catalog().seriesPage({ seriesIds: ids, ...databasesCriterion(caller.databases) }, { limit: ids.length })
    : [];
  return ok(await seriesData(found, input));
};

// Layout --------------------------------------------------------------------------------------------------

async function layout(sandbox: boolean): Promise<EconDatabase[]> {
  const databases = await catalog().econLayout();
  return sandbox ? databases.filter((database) => (SANDBOX_DATABASES as readonly string[]).includes(database.id)) : databases;
}

const listDatabases =
  (sandbox: boolean): Handler =>
  async ({ caller }) => {
    const databases = await layout(sandbox);
    const data = await Promise.all(
      databases.map(async (database) => {
        const [count, latest] = await Promise.all([
          catalog().countSeries({ database: database.id }),
          catalog().searchSeries({ database: database.id, order: "updated", direction: "desc" }, { offset: 0, limit: 1 }),
        ]);
        return {
          id: database.id,
          name: database.name,
          description: database.topics.map((topic) => topic.name).join(", "),
          subscribed: databaseAllowed(caller.databases, database.id),
          series_count: count,
          ...(latest[0] ? { last_update: latest[0].lastUpdate } : {}),
        };
      }),
    );
    return ok({ data });
  };

const listDatabaseTopics =
  (sandbox: boolean): Handler =>
  async ({ caller, input }) => {
    const id = text(input, "id") ?? "";
    const database = (await catalog().econLayout()).find((candidate) => candidate.id === id);
    if (!database) throw notFound("Not found: no database has this id.");
    if (!databaseAllowed(caller.databases, database.id)) throw outsideScope(sandbox);
    const data = await Promise.all(
      database.topics.map(async (topic) => ({
        id: topic.id,
        name: topic.name,
        database_id: database.id,
        series_count: await catalog().countSeries({ topic: [topic.id] }),
      })),
    );
    return ok({ data });
  };

/** The readable layout nodes: topics, sections and tables with their database. */
async function readableLayout(scope: DatabaseScope) {
  const databases = (await catalog().econLayout()).filter((database) => databaseAllowed(scope, database.id));
  const topics = databases.flatMap((database) => database.topics);
  const sections = topics.flatMap((topic) => topic.sections.map((section) => ({ ...section, topicId: topic.id })));
  return { topics, sections };
}

const listTopicSections: Handler = async ({ caller, input }) => {
  const topic = (await readableLayout(caller.databases)).topics.find((candidate) => candidate.id === text(input, "id"));
  if (!topic) throw notFound("Not found: no topic has this id.");
  const data = await Promise.all(
    topic.sections.map(async (section) => ({
      id: section.id,
      name: section.name,
      topic_id: topic.id,
      series_count: await catalog().countSeries({ section: [section.id] }),
    })),
  );
  return ok({ data });
};

const listSectionTables: Handler = async ({ caller, input }) => {
  const section = (await readableLayout(caller.databases)).sections.find((candidate) => candidate.id === text(input, "id"));
  if (!section) throw notFound("Not found: no section has this id.");
  const data = await Promise.all(
    section.tables.map(async (table) => ({
      id: table.id,
      name: table.name,
      section_id: section.id,
      series_count: await catalog().countSeries({ table: [table.id] }),
    })),
  );
  return ok({ data });
};

const listTableSeries: Handler = async ({ caller, input }) => {
  const id = text(input, "id") ?? "";
  const { sections } = await readableLayout(caller.databases);
  if (!sections.some((section) => section.tables.some((table) => table.id === id))) throw notFound("Not found: no table has this id.");
  const criteria: SeriesCriteria = { table: [id], ...databasesCriterion(caller.databases) };
  const { offset, limit } = window(input);
  const { total, items } = await catalog().searchSeriesWithTotal(criteria, { offset, limit });
  return ok({ total, offset, limit, data: items.map((series) => toApiSeries(series)) });
};

// Filters -------------------------------------------------------------------------------------------------

interface FilterCriteria {
  database: string;
  keyword?: string;
  country?: string[];
  frequency?: SeriesFrequency[];
  topic?: string;
  section?: string;
  table?: string;
  key_only?: boolean;
  name_only?: boolean;
  status?: "active" | "discontinued";
  updated_after?: string;
}

interface FilterBody {
  name: string;
  description?: string;
  group?: string;
  series_ids?: string[];
  criteria?: FilterCriteria;
}

function filterSelection(body: FilterBody, scope: DatabaseScope): SeriesCriteria {
  const criteria = body.criteria;
  const seriesIds = (body.series_ids ?? []).map(seriesCatalogId).filter((id): id is string => id !== null);
  const listed = seriesIds.length ? { seriesIds } : {};
  if (!criteria) return { ...listed, ...databasesCriterion(scope) };
  return {
    ...listed,
    ...databasesCriterion(scope),
    database: criteria.database,
    keyword: criteria.keyword,
    country: criteria.country?.map((code) => code.toUpperCase()),
    frequency: criteria.frequency,
    topic: criteria.topic ? [criteria.topic] : undefined,
    section: criteria.section ? [criteria.section] : undefined,
    table: criteria.table ? [criteria.table] : undefined,
    keyOnly: criteria.key_only,
    nameOnly: criteria.name_only,
    updatedAfter: criteria.updated_after,
  };
}

/** How many series a filter selects today (with a status, counted while walking the selection). */
async function filterCount(body: FilterBody, scope: DatabaseScope): Promise<number> {
  const selection = filterSelection(body, scope);
  const status = body.criteria?.status;
  if (!status) return catalog().countSeries(selection);
  return (await seriesWindow(selection, status, 0, 0)).total;
}

async function toFilter(record: { id: number; body: FilterBody; createdAt: string }, scope: DatabaseScope) {
  const { name, description, group, series_ids, criteria } = record.body;
  return {
    id: record.id,
    name,
    ...(description !== undefined ? { description } : {}),
    ...(group !== undefined ? { group } : {}),
    ...(series_ids !== undefined ? { series_ids } : {}),
    ...(criteria !== undefined ? { criteria } : {}),
    series_count: await filterCount(record.body, scope),
    created: record.createdAt,
  };
}

const MAX_FILTERS_LISTED = 500;

const listFilters: Handler = async ({ set, caller, input }) => {
  const group = text(input, "group");
  const records = await listRecords<FilterBody>({ set, kind: "filter", ownerId: caller.ownerId }, { limit: MAX_FILTERS_LISTED });
  const chosen = records.filter((record) => group === undefined || record.body.group === group);
  return ok({ data: await Promise.all(chosen.map((record) => toFilter(record, caller.databases))) });
};

const createFilter: Handler = async ({ set, caller, input, now }: CallContext) => {
  const body = input.body as FilterBody;
  if (!body.name.trim()) throw badRequest("Bad request: the filter needs a name.");
  if (!body.series_ids?.length && !body.criteria)
    throw badRequest("Bad request: give series ids, search criteria with a database, or both.");
  if (body.criteria && !databaseAllowed(caller.databases, body.criteria.database)) {
    throw forbidden("Forbidden: the account is not subscribed to this database.");
  }
  const record = await createRecord({ set, kind: "filter", ownerId: caller.ownerId }, body, { now });
  return ok(await toFilter(record, caller.databases));
};

// Dictionaries --------------------------------------------------------------------------------------------

const listCountries: Handler = async ({ input }) => {
  const region = text(input, "region");
  const countries = await catalog().dictionary("countries");
  return ok({
    data: countries
      .filter((country) => !region || country.parent === region)
      .map((country) => ({ id: country.id, name: country.name, ...(country.parent ? { region_id: country.parent } : {}) })),
  });
};

const dictionary =
  (kind: "regions" | "sources" | "units"): Handler =>
  async () =>
    ok({ data: (await catalog().dictionary(kind)).map(({ id, name }) => ({ id, name })) });

const listIndicators: Handler = async () =>
  ok({ data: (await catalog().dictionary("indicators")).map(({ id, name, parent }) => ({ id, name, parent_id: parent ?? null })) });

const listCurrencies: Handler = async () =>
  ok({ data: (await catalog().dictionary("currencies")).map(({ id, name }) => ({ code: id, name })) });

export const macroeconomicHandlers: SetHandlers = {
  secured: {
    searchSeries,
    getSeries: getSeries(false),
    getSeriesData: getSeriesData(false),
    searchInsights,
    getInsight,
    downloadInsight,
    getInsightSeriesData,
    listDatabases: listDatabases(false),
    listDatabaseTopics: listDatabaseTopics(false),
    listTopicSections,
    listSectionTables,
    listTableSeries,
    listFilters,
    createFilter,
    listCountries,
    listRegions: dictionary("regions"),
    listSources: dictionary("sources"),
    listUnits: dictionary("units"),
    listIndicators,
    listCurrencies,
  },
};

/** The sandbox's six operations: the same answers over the sample. */
export const sandboxHandlers: SetHandlers = {
  secured: {
    searchSeries,
    getSeries: getSeries(true),
    getSeriesData: getSeriesData(true),
    listDatabases: listDatabases(true),
    listDatabaseTopics: listDatabaseTopics(true),
    listCountries,
  },
};
