import { randomToken } from "~/modules/auth/crypto.server";
import type { Company, CompanyCriteria } from "~/modules/catalog/catalog";
import { getCatalog } from "~/modules/catalog/source.server";
import { flag, numeric, list, text } from "../call-input";
import { badRequest, conflict, notFound, tooManyRequests } from "../errors";
import { fileLink } from "../file-links.server";
import { ok, type CallContext, type Handler, type SetHandlers } from "../handler";
import { companyApiId, companyCatalogId } from "../ids";
import {
  countRecords,
  createRecord,
  deleteRecord,
  deleteStaleRecords,
  findRecord,
  findRecordByRef,
  updateRecord,
  type StoredRecord,
} from "../records.server";
import { companyWindow, findCompany, statementsOf } from "./company-catalog.server";
import {
  apiPeriod,
  catalogStatuses,
  conversion,
  isicDivisions,
  newestFirst,
  statementHeader,
  statementLines,
  toCompanyV2,
  toSummaryV2,
  type AmountCurrency,
} from "./company-model";
import { matchScore } from "./company-match";

/**
 * The Company Data API, version 2: searches with offset or a cursor, profiles, statements and matching over
 * the catalog, and the filters, dumps and feeds callers create (stored per account in data_api_records).
 */

type Scope = { set: CallContext["set"]; ownerId: string };
const recordScope = (context: CallContext, kind: "filter" | "dump" | "feed" | "cursor") => ({
  set: context.set,
  kind,
  ownerId: context.caller.ownerId,
});

// Filters -------------------------------------------------------------------------------------------------

interface FilterCriteriaBody {
  keyword?: string;
  name?: string;
  country?: string[];
  type?: "public" | "private" | "state_owned";
  main_industry?: string[];
  secondary_industry?: string[];
  operational_statuses?: string[];
  employees_from?: number;
  employees_to?: number;
  legal_forms?: string[];
  region?: string;
  city?: string;
  updated_from?: string;
  updated_to?: string;
}

interface FilterBody {
  company_ids?: number[];
  criteria?: FilterCriteriaBody;
  /** A company feed's or dump's selection made on the portal, read exactly as it was made (issue 27). */
  selection?: CompanyCriteria;
}

/**
 * The spec's industry criteria are ISIC Rev. 4 codes; the catalog keeps industries by division, so a class is
 * matched within its division. Codes that name no division select nothing rather than everything.
 */
function industryDivisions(codes: readonly string[]): string[] {
  const divisions = [...new Set(codes.flatMap(isicDivisions))];
  return divisions.length ? divisions : ["none"];
}

function filterCriteria(body: FilterBody): CompanyCriteria {
  if (body.selection) return body.selection;
  if (body.company_ids) {
    // An id no company can have selects nothing; an empty list would select every company.
    return {
      companyIds: body.company_ids
        .map(companyCatalogId)
        .filter((id): id is string => id !== null)
        .concat("none"),
    };
  }
  const criteria = body.criteria ?? {};
  return {
    keyword: criteria.keyword,
    name: criteria.name,
    country: criteria.country?.map((code) => code.toUpperCase()),
    type: criteria.type ? [criteria.type === "state_owned" ? "state-owned" : criteria.type] : undefined,
    mainIndustry: criteria.main_industry && industryDivisions(criteria.main_industry),
    secondaryIndustry: criteria.secondary_industry && industryDivisions(criteria.secondary_industry),
    status: criteria.operational_statuses?.flatMap(catalogStatuses),
    employeesFrom: criteria.employees_from,
    employeesTo: criteria.employees_to,
    localLegalForm: criteria.legal_forms,
    region: criteria.region ? [criteria.region] : undefined,
    city: criteria.city,
    updatedFrom: criteria.updated_from,
    updatedTo: criteria.updated_to,
  };
}

const createFilter: Handler = async (context) => {
  const body = context.input.body as FilterBody;
  if (body.company_ids && body.criteria) throw badRequest("Bad request: Please use either company ids or other search criteria.");
  if (!body.company_ids?.length && !body.criteria) throw badRequest("Bad request: give company ids or search criteria.");
  const record = await createRecord(recordScope(context, "filter"), body, { now: context.now });
  const count = await getCatalog().countCompanies(filterCriteria(body));
  return ok({ filter_id: record.id, company_count: count, created: record.createdAt });
};

async function ownFilter(scope: Scope, id: number): Promise<StoredRecord<FilterBody>> {
  const filter = await findRecord<FilterBody>({ ...scope, kind: "filter" }, id);
  if (!filter) throw notFound("Not found: no filter has this filter_id.");
  return filter;
}

/** The set whose filters the portal's company feeds and dumps share with the company v2 API. */
const filterScope = (ownerId: string) => ({ set: "company-v2" as const, kind: "filter" as const, ownerId });

/**
 * Stores a company feed's or dump's selection as a filter of its owner, usable with GET /companies?filter_id=
 * and for new feeds and dumps: ids as the API numbers them, or the criteria as the portal's own.
 */
export async function storeCompanyFilter(ownerId: string, selection: CompanyCriteria): Promise<number> {
  const ids = selection.companyIds?.map(companyApiId);
  const body: FilterBody = ids ? { company_ids: ids, selection } : { criteria: {}, selection };
  return (await createRecord(filterScope(ownerId), body)).id;
}

/** The selection of the owner's filter (made on the portal or through the API), or null for another's or an unknown id. */
export async function companyFilterSelection(ownerId: string, id: number): Promise<CompanyCriteria | null> {
  const filter = await findRecord<FilterBody>(filterScope(ownerId), id);
  if (!filter) return null;
  const selection = filterCriteria(filter.body);
  // An API filter of ids lists an id no company has, so that an empty list selects nothing: the portal lists none.
  return selection.companyIds ? { ...selection, companyIds: selection.companyIds.filter((companyId) => companyId !== "none") } : selection;
}

// Searching -----------------------------------------------------------------------------------------------

interface CursorBody {
  criteria: CompanyCriteria;
  afterId: string | null;
  position: number;
  total: number;
}

/** Open cursors an account may hold at once; a cursor unread for an hour is closed for it. */
const MAX_OPEN_CURSORS = 5;
const CURSOR_IDLE_MS = 60 * 60 * 1000;

async function searchCriteria(context: CallContext): Promise<CompanyCriteria> {
  const { input } = context;
  const filterId = numeric(input, "filter_id");
  if (filterId !== undefined)
    return filterCriteria((await ownFilter({ set: context.set, ownerId: context.caller.ownerId }, filterId)).body);
  return {
    keyword: text(input, "keyword"),
    country: list(input, "country")?.map((code) => code.toUpperCase()),
    updatedFrom: text(input, "updated_from"),
    updatedTo: text(input, "updated_to"),
  };
}

function searchAnswer(items: Company[], total: number, offset: number, cursorId?: string) {
  return ok({ ...(cursorId ? { cursor_id: cursorId } : {}), data: { total, offset, items: items.map(toSummaryV2) } });
}

async function openCursor(context: CallContext, criteria: CompanyCriteria, limit: number) {
  const scope = recordScope(context, "cursor");
  await deleteStaleRecords(context.set, "cursor", new Date(context.now.getTime() - CURSOR_IDLE_MS));
  if ((await countRecords(scope)) >= MAX_OPEN_CURSORS) {
    throw tooManyRequests(`Too many requests: cursor use is metered; close a cursor with DELETE /companies/cursor/{cursor_id} first.`, 60);
  }
  const [total, items] = await Promise.all([getCatalog().countCompanies(criteria), getCatalog().companyPage(criteria, { limit })]);
  const cursorId = randomToken(24);
  const body: CursorBody = { criteria, afterId: items.at(-1)?.id ?? null, position: items.length, total };
  await createRecord(scope, body, { ref: cursorId, now: context.now });
  return searchAnswer(items, total, 0, cursorId);
}

async function readCursor(context: CallContext, cursorId: string, limit: number) {
  const cursor = await findRecordByRef<CursorBody>(recordScope(context, "cursor"), cursorId);
  if (!cursor) throw badRequest("Bad request: the cursor_id is unknown or closed.");
  const { criteria, afterId, position, total } = cursor.body;
  const items = afterId === null && position > 0 ? [] : await getCatalog().companyPage(criteria, { afterId, limit });
  const next = randomToken(24);
  const body: CursorBody = { criteria, afterId: items.at(-1)?.id ?? afterId, position: position + items.length, total };
  await updateRecord(cursor.id, body, { ref: next, now: context.now });
  return searchAnswer(items, total, position, next);
}

const listCompanies: Handler = async (context) => {
  const { input } = context;
  const limit = numeric(input, "limit") ?? 100;
  const cursor = text(input, "cursor");
  const cursorId = text(input, "cursor_id");
  const offset = numeric(input, "offset");
  if ((cursor || cursorId) && offset) throw badRequest("Bad request: leave out offset when paging with a cursor.");
  if (cursor && cursorId) throw badRequest("Bad request: send cursor=* to open a cursor or cursor_id to continue one, not both.");
  if (cursorId) return readCursor(context, cursorId, limit);
  const criteria = await searchCriteria(context);
  if (cursor) return openCursor(context, criteria, limit);
  const { total, items } = await companyWindow(criteria, undefined, offset ?? 0, limit);
  return searchAnswer(items, total, offset ?? 0);
};

const closeCursor: Handler = async (context) => {
  const cursor = await findRecordByRef(recordScope(context, "cursor"), text(context.input, "cursor_id") ?? "");
  if (!cursor) throw notFound("Not found: the cursor does not exist or is already closed.");
  await deleteRecord(cursor.id);
  return { status: 204 };
};

// Companies -----------------------------------------------------------------------------------------------

const getCompany: Handler = async ({ input }) => ok({ data: toCompanyV2(await findCompany(numeric(input, "id") ?? 0)) });

const listCompanyStatements: Handler = async ({ input }) => {
  const company = await findCompany(numeric(input, "id") ?? 0);
  const year = numeric(input, "year");
  const period = text(input, "period");
  const consolidated = flag(input, "consolidated");
  const officialOnly = flag(input, "official_only") ?? false;
  const wanted = (text(input, "currency") ?? "LOCAL") as AmountCurrency;
  const items = (await statementsOf(company))
    .filter(
      (statement) => (year === undefined || statement.year === year) && (period === undefined || apiPeriod(statement.period) === period),
    )
    .filter((statement) => (consolidated === undefined || statement.consolidated === consolidated) && (!officialOnly || statement.official))
    .sort(newestFirst)
    .map((statement) => {
      const { factor, currency } = conversion(statement.currency, wanted);
      return { ...statementHeader(statement), official: statement.official, currency, lines: statementLines(statement, factor, false) };
    });
  return ok({ data: { items } });
};

const MATCH_CANDIDATES = 200;

function matchedCompany(company: Company) {
  const { id, name, country } = toSummaryV2(company);
  return { id, name, country, address: company.address };
}

const matchCompanies: Handler = async ({ input }) => {
  const name = text(input, "name") ?? "";
  const country = text(input, "country")?.toUpperCase();
  const words = [
    ...new Set(
      name
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 2),
    ),
  ]
    .sort((a, b) => b.length - a.length)
    .slice(0, 3);
  const pages = await Promise.all(
    words.map((word) => getCatalog().companyPage({ keyword: word, country: country ? [country] : undefined }, { limit: MATCH_CANDIDATES })),
  );
  const candidates = [...new Map(pages.flat().map((company) => [company.id, company])).values()];
  const query = { name, city: text(input, "city"), address: text(input, "address"), website: text(input, "website") };
  const items = candidates
    .map((company) => ({ company, score: matchScore(query, company) }))
    .sort((a, b) => b.score - a.score || a.company.id.localeCompare(b.company.id))
    .slice(0, numeric(input, "limit") ?? 5)
    .map(({ company, score }) => ({ ...matchedCompany(company), score }));
  return ok({ data: { items } });
};

// Dumps ---------------------------------------------------------------------------------------------------

interface DumpRequest {
  filter_id: number;
  name: string;
  description?: string;
  xml?: boolean;
  statements?: boolean;
  currency?: AmountCurrency;
  [option: string]: unknown;
}

interface DumpBody extends DumpRequest {
  username: string;
  cancelled_at?: string;
}

/** A dump runs by the clock: queued for a second, running for two more, then completed. */
const QUEUED_MS = 1000;
const RUNNING_MS = 3000;
const FILE_DAYS = 30;

function dumpProgress(record: StoredRecord<DumpBody>, now: Date): { status: string; updated: string } {
  if (record.body.cancelled_at) return { status: "cancelled", updated: record.body.cancelled_at };
  const created = Date.parse(record.createdAt);
  const elapsed = now.getTime() - created;
  if (elapsed < QUEUED_MS) return { status: "queued", updated: record.createdAt };
  if (elapsed < QUEUED_MS + RUNNING_MS) return { status: "running", updated: new Date(created + QUEUED_MS).toISOString() };
  return { status: "completed", updated: new Date(created + QUEUED_MS + RUNNING_MS).toISOString() };
}

function toDump(context: CallContext, record: StoredRecord<DumpBody>) {
  const { status, updated } = dumpProgress(record, context.now);
  const expires = Date.parse(updated) + FILE_DAYS * 24 * 60 * 60 * 1000;
  const file = status === "completed" && expires > context.now.getTime();
  const link = { set: context.set, kind: "dump" as const, id: String(record.id), format: record.body.xml ? "xml" : "json", expires };
  return {
    dump_id: record.id,
    filter_id: record.body.filter_id,
    feed_id: null,
    username: record.body.username,
    name: record.body.name,
    ...(record.body.description !== undefined ? { description: record.body.description } : {}),
    status,
    can_be_cancelled: status === "queued" || status === "running",
    ...(file ? { download_url: fileLink({ ...link, owner: context.caller.ownerId }) } : {}),
    created: record.createdAt,
    updated,
  };
}

const createDump: Handler = async (context) => {
  const request = context.input.body as DumpRequest;
  await ownFilter({ set: context.set, ownerId: context.caller.ownerId }, request.filter_id);
  const body: DumpBody = { ...request, username: context.caller.username };
  const record = await createRecord(recordScope(context, "dump"), body, { now: context.now });
  return ok(toDump(context, record));
};

async function ownDump(context: CallContext): Promise<StoredRecord<DumpBody>> {
  const dump = await findRecord<DumpBody>(recordScope(context, "dump"), numeric(context.input, "id") ?? 0);
  if (!dump) throw notFound("Not found: no dump of this account has this id.");
  return dump;
}

const getDump: Handler = async (context) => ok(toDump(context, await ownDump(context)));

const cancelDump: Handler = async (context) => {
  const dump = await ownDump(context);
  if (!toDump(context, dump).can_be_cancelled) throw conflict("Conflict: the dump can no longer be cancelled.");
  const body = { ...dump.body, cancelled_at: context.now.toISOString() };
  await updateRecord(dump.id, body, { now: context.now });
  return ok(toDump(context, { ...dump, body }));
};

/** The most companies a dump file holds. */
const DUMP_FILE_LIMIT = 10_000;

/** A completed dump's file: the filter's companies with their profiles and, if asked, statements. */
export async function dumpFile(set: CallContext["set"], owner: string, id: number): Promise<unknown> {
  const dump = await findRecord<DumpBody>({ set, kind: "dump", ownerId: owner }, id);
  if (!dump) throw notFound("Not found: the link is unknown or has expired.");
  const filter = await ownFilter({ set, ownerId: owner }, dump.body.filter_id);
  const companies = await getCatalog().companyPage(filterCriteria(filter.body), { limit: DUMP_FILE_LIMIT });
  const wanted = dump.body.currency ?? "LOCAL";
  const rows = await Promise.all(
    companies.map(async (company) => {
      if (dump.body.statements !== true) return { company: toCompanyV2(company) };
      const statements = (await statementsOf(company)).sort(newestFirst).map((statement) => {
        const { factor, currency } = conversion(statement.currency, wanted);
        return { ...statementHeader(statement), currency, lines: statementLines(statement, factor, false) };
      });
      return { company: toCompanyV2(company), statements };
    }),
  );
  return { dump_id: dump.id, name: dump.body.name, companies: rows };
}

// Feeds ---------------------------------------------------------------------------------------------------

interface FeedRequest {
  filter_id: number;
  delivery: "ftp" | "download";
  ftp?: { host: string; path?: string; username: string; password: string };
  [option: string]: unknown;
}

/** Stored without the FTP password: the built-in upstream records feeds, it never delivers them. */
function storedFeed(request: FeedRequest) {
  const { ftp, ...rest } = request;
  return {
    ...rest,
    ...(ftp ? { ftp: { host: ftp.host, ...(ftp.path !== undefined ? { path: ftp.path } : {}), username: ftp.username } } : {}),
  };
}

function toFeed(record: StoredRecord<ReturnType<typeof storedFeed>>) {
  return { id: record.id, ...record.body, status: "active", last_run: null, created: record.createdAt };
}

const createFeed: Handler = async (context) => {
  const request = context.input.body as FeedRequest;
  if (request.delivery === "ftp" && !request.ftp) throw badRequest("Bad request: feed.ftp is required when delivery is ftp.");
  await ownFilter({ set: context.set, ownerId: context.caller.ownerId }, request.filter_id);
  return ok(toFeed(await createRecord(recordScope(context, "feed"), storedFeed(request), { now: context.now })));
};

const getFeed: Handler = async (context) => {
  const feed = await findRecord<ReturnType<typeof storedFeed>>(recordScope(context, "feed"), numeric(context.input, "id") ?? 0);
  if (!feed) throw notFound("Not found: no feed of this account has this id.");
  return ok(toFeed(feed));
};

export const companyV2Handlers: SetHandlers = {
  secured: {
    listCompanies,
    getCompany,
    listCompanyStatements,
    matchCompanies,
    closeCursor,
    createFilter,
    createDump,
    getDump,
    cancelDump,
    createFeed,
    getFeed,
  },
};
