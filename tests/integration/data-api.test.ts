import fs from "node:fs";
import path from "node:path";
import { REQUEST_ID_PATTERN } from "~/modules/usage/call-record";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "400";
  process.env.CATALOG_COMPANIES = "150";
  process.env.CATALOG_DOCUMENTS = "60";
});

import { generateApiKey } from "~/modules/auth/api-keys.server";
import type { SubscriptionProduct } from "~/modules/auth/platforms";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { callDataApi, type DataApiAnswer } from "~/modules/data-api/client.server";
import { readContract } from "~/modules/data-api/contract";
import { db } from "~/modules/db/db.server";
import { newId } from "~/modules/db/ids";
import { startCall } from "~/modules/rate-limit/rate-limit.server";
import type { DocSetId, Platform } from "~/modules/registry/registry";
import { issueTrialKey } from "~/modules/sandbox/trial-keys.server";
import { httpDataApi } from "../support/data-api-http";
import { swaggerValidator } from "../support/swagger-ajv";
import { waitFor } from "../support/wait";
import { insertSubscriber } from "../support/subscribers";
import { testPasswordHash } from "../support/password-hash";

/**
 * The data APIs of every shipped spec, called through callDataApi (the built-in upstream, in-process, with its
 * real authentication and per-account limits in the database): every operation answers a valid call with a body
 * that validates against the spec's schema, and the documented refusals have the spec's Error shape.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = "fund-flows-password";

type Spec = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { schema?: Record<string, unknown> }> }>>;
  definitions: Record<string, unknown>;
};

const specs = new Map<DocSetId, Spec>();
const validators = new Map<DocSetId, ReturnType<typeof swaggerValidator>>();

function specOf(set: DocSetId): Spec {
  if (!specs.has(set)) {
    const spec = JSON.parse(fs.readFileSync(path.resolve("content", "specs", `${set}.json`), "utf8")) as Spec;
    specs.set(set, spec);
    validators.set(set, swaggerValidator(spec as never));
  }
  return specs.get(set)!;
}

/** Which operation a call reached, by the served contract's own matcher. */
function operationOf(set: DocSetId, method: string, callPath: string) {
  const contract = readContract(specOf(set));
  const segments = callPath.split("/").filter(Boolean).map(decodeURIComponent);
  const fitting = contract.operations.filter((operation) => {
    const parts = operation.path.split("/").filter(Boolean);
    return (
      operation.method === method &&
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith("{") || part === segments[i])
    );
  });
  return fitting.sort((a, b) => b.path.split("{").length - a.path.split("{").length).pop()!;
}

const covered = new Map<DocSetId, Set<string>>();

/** Checks an answer against the response schema of its status in the spec; notes the operation as covered. */
function expectValid(set: DocSetId, method: string, callPath: string, answer: DataApiAnswer, status = 200): unknown {
  expect(answer.status, `${method} ${callPath}: ${answer.body}`).toBe(status);
  const operation = operationOf(set, method, callPath);
  const response = specOf(set).paths[operation.path]![method.toLowerCase()]!.responses[String(status)];
  expect(response, `${operation.id} documents ${status}`).toBeDefined();
  if (status === 200) covered.set(set, (covered.get(set) ?? new Set()).add(operation.id));
  if (!response!.schema) {
    expect(answer.body).toBe("");
    if (status === 204) covered.set(set, (covered.get(set) ?? new Set()).add(operation.id));
    return undefined;
  }
  const body = JSON.parse(answer.body) as unknown;
  expect(validators.get(set)!(response!.schema, body), `${operation.id} ${status}`).toEqual([]);
  return body;
}

/** Keeps each account within 5 calls in any second, so the tests meet the limits only where they mean to. */
const recent = new Map<string, number[]>();
/** The account of a key or bearer header: its calls share the account's budget. */
const accountOf = new Map<string, string>();
async function paced(key: string): Promise<void> {
  const times = (recent.get(key) ?? []).filter((time) => Date.now() - time < 1100);
  if (times.length >= 4) await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() - times[times.length - 4]!)));
  recent.set(key, [...times, Date.now()]);
}

interface Call {
  method?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
}

async function call(set: DocSetId, callPath: string, options: Call = {}): Promise<DataApiAnswer> {
  const token = options.token === undefined ? tokens[set] : options.token;
  const caller = token ?? options.headers?.Authorization ?? set;
  await paced(accountOf.get(caller) ?? caller);
  return callDataApi({
    set,
    method: options.method ?? "GET",
    path: callPath,
    query: [...Object.entries(options.query ?? {}), ...(token ? [["token", token] as [string, string]] : [])],
    headers: options.headers ?? {},
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** A user on the platform with these products (running for a month), and a fresh API key. */
async function subscriber(platform: Platform, products: SubscriptionProduct[], databases: string[] | null = null) {
  const { id, email } = await insertSubscriber({
    label: "data-api",
    platforms: [platform],
    products,
    databases,
    passwordHash: testPasswordHash(PASSWORD),
  });
  const key = (await generateApiKey((await loadCurrentUser(id, platform))!, platform))!;
  accountOf.set(key, id);
  return { id, email, key };
}

const tokens: Partial<Record<DocSetId, string | null>> = {};
let econ: Awaited<ReturnType<typeof subscriber>>;
let econScoped: Awaited<ReturnType<typeof subscriber>>;
let corp: Awaited<ReturnType<typeof subscriber>>;
let documentsOnly: Awaited<ReturnType<typeof subscriber>>;
let intel: Awaited<ReturnType<typeof subscriber>>;
let trialKey: string;
let bearer: string;

beforeAll(async () => {
  await prepareCatalog();
  econ = await subscriber("econ", ["macroeconomic"]);
  econScoped = await subscriber("econ", ["macroeconomic"], ["DB01"]);
  corp = await subscriber("corp", ["company", "documents"]);
  documentsOnly = await subscriber("corp", ["documents"]);
  intel = await subscriber("intel", ["intelligence"]);
  trialKey = await issueTrialKey(newId(), new Date(Date.now() + 7 * DAY_MS));
  Object.assign(tokens, {
    macroeconomic: econ.key,
    sandbox: trialKey,
    company: corp.key,
    "company-v2": corp.key,
    documents: corp.key,
    dealwatch: corp.key,
    "real-estate": intel.key,
    "fund-flows": null,
  });
}, 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("every operation of every spec answers a valid call with a body that fits its schema", () => {
  it("macroeconomic", async () => {
    const set = "macroeconomic";
    const search = expectValid(set, "GET", "/series/search", await call(set, "/series/search", { query: { limit: "30" } })) as {
      data: { id: string }[];
      total: number;
    };
    expect(search.data.length).toBe(30);
    const ids = search.data.map((series) => series.id);
    const filtered = expectValid(
      set,
      "GET",
      "/series/search",
      await call(set, "/series/search", { query: { status: "active", frequency: "quarterly", limit: "5", offset: "2" } }),
    ) as {
      data: { status: string; frequency: string }[];
    };
    expect(filtered.data.every((series) => series.status === "active" && series.frequency === "quarterly")).toBe(true);
    const xml = await call(set, "/series/search", { query: { limit: "2", format: "xml" } });
    expect(xml.headers["Content-Type"]).toMatch(/^application\/xml/);
    expect(xml.body).toMatch(/^<\?xml[^>]*>\n<response><total>\d+<\/total>/);

    const metadata = expectValid(set, "GET", "/series/x", await call(set, `/series/${ids.slice(0, 25).join(",")}`)) as {
      data: { id: string }[];
    };
    expect(metadata.data.map((series) => series.id)).toEqual(ids.slice(0, 25));
    const data = expectValid(
      set,
      "GET",
      "/series/x/data",
      await call(set, `/series/${ids.slice(0, 3).join(",")}/data`, { query: { time_points_status: "all" } }),
    ) as {
      data: { id: string; time_points: { date: string }[] }[];
    };
    expect(data.data.map((series) => series.id)).toEqual(ids.slice(0, 3));
    expect(data.data[0]!.time_points.length).toBeGreaterThan(0);

    const insights = expectValid(set, "GET", "/insights/search", await call(set, "/insights/search", { query: { limit: "3" } })) as {
      data: { id: string }[];
    };
    const insight = insights.data[0]!.id;
    expectValid(set, "GET", "/insights/x", await call(set, `/insights/${insight}`));
    const download = expectValid(set, "GET", "/insights/x/download/pdf", await call(set, `/insights/${insight}/download/pdf`)) as {
      download_url: string;
    };
    const file = await httpDataApi(new Request(download.download_url));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expectValid(set, "GET", "/insights/x/download/docx", await call(set, `/insights/${insight}/download/docx`), 404);
    expectValid(set, "GET", "/insights/x/series/data", await call(set, `/insights/${insight}/series/data`));

    const databases = expectValid(set, "GET", "/layout/databases", await call(set, "/layout/databases")) as {
      data: { id: string; subscribed: boolean }[];
    };
    expect(databases.data.every((database) => database.subscribed)).toBe(true);
    const topics = expectValid(set, "GET", "/layout/databases/x/topics", await call(set, "/layout/databases/DB01/topics")) as {
      data: { id: string }[];
    };
    const sections = expectValid(
      set,
      "GET",
      "/layout/topics/x/sections",
      await call(set, `/layout/topics/${topics.data[0]!.id}/sections`),
    ) as { data: { id: string }[] };
    const tables = expectValid(
      set,
      "GET",
      "/layout/sections/x/tables",
      await call(set, `/layout/sections/${sections.data[0]!.id}/tables`),
    ) as { data: { id: string }[] };
    expectValid(
      set,
      "GET",
      "/layout/tables/x/series",
      await call(set, `/layout/tables/${tables.data[0]!.id}/series`, { query: { limit: "10" } }),
    );

    const filter = {
      name: "China GDP",
      group: "weekly",
      series_ids: ids.slice(0, 2),
      criteria: { database: "DB01", keyword: "gdp", frequency: ["quarterly"] },
    };
    const saved = expectValid(set, "POST", "/filters", await call(set, "/filters", { method: "POST", body: filter })) as {
      id: number;
      series_count: number;
    };
    expect(saved.series_count).toBeGreaterThanOrEqual(2);
    const filters = expectValid(set, "GET", "/filters", await call(set, "/filters", { query: { group: "weekly" } })) as {
      data: { id: number }[];
    };
    expect(filters.data.map((entry) => entry.id)).toEqual([saved.id]);
    expectValid(set, "POST", "/filters", await call(set, "/filters", { method: "POST", body: { name: "Nothing" } }), 400);

    for (const dictionary of ["countries", "regions", "sources", "unit", "indicator", "currencies"]) {
      expectValid(set, "GET", `/dictionary/${dictionary}`, await call(set, `/dictionary/${dictionary}`));
    }
  });

  it("sandbox, over its sample only", async () => {
    const set = "sandbox";
    const search = expectValid(set, "GET", "/series/search", await call(set, "/series/search", { query: { limit: "100" } })) as {
      data: { id: string; database: string }[];
      total: number;
    };
    expect(search.data.every((series) => ["DB01", "DB02"].includes(series.database))).toBe(true);
    const ids = search.data.map((series) => series.id).slice(0, 5);
    expectValid(set, "GET", "/series/x", await call(set, `/series/${ids.join(",")}`));
    expectValid(set, "GET", "/series/x/data", await call(set, `/series/${ids.join(",")}/data`, { query: { start_date: "2020-01-01" } }));
    const databases = expectValid(set, "GET", "/layout/databases", await call(set, "/layout/databases")) as {
      data: { id: string; subscribed: boolean }[];
    };
    expect(databases.data.map((database) => [database.id, database.subscribed])).toEqual([
      ["DB01", true],
      ["DB02", true],
    ]);
    expectValid(set, "GET", "/layout/databases/x/topics", await call(set, "/layout/databases/DB02/topics"));
    expectValid(set, "GET", "/layout/databases/x/topics", await call(set, "/layout/databases/DB03/topics"), 403);
    expectValid(set, "GET", "/dictionary/countries", await call(set, "/dictionary/countries", { query: { region: "EU" } }));

    const outside = (
      expectValid(
        "macroeconomic",
        "GET",
        "/series/search",
        await call("macroeconomic", "/series/search", { query: { database: "DB03", limit: "1" } }),
      ) as {
        data: { id: string }[];
      }
    ).data[0]!.id;
    const refused = expectValid(set, "GET", "/series/x", await call(set, `/series/${outside}`), 403) as { error: string };
    expect(refused.error).toMatch(/outside the sandbox sample/);
    expectValid(set, "GET", "/series/x", await call(set, `/series/${outside},${ids[0]}`));
    expectValid(set, "GET", "/series/x", await call(set, "/series/9999999"), 404);
    const fullApiOnly = await call(set, "/insights/search");
    expect(JSON.parse(fullApiOnly.body)).toEqual({
      error: "Not found: no operation of this API has this path.",
      code: 404,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    });
  });

  it("company, version 1", async () => {
    const set = "company";
    const page = expectValid(set, "GET", "/Search/queryCompany", await call(set, "/Search/queryCompany", { query: { limit: "10" } })) as {
      data: { id: number; isic: { id: string } }[];
    };
    const company = page.data[0]!;
    const byIsic = expectValid(
      set,
      "GET",
      "/Search/queryCompany",
      await call(set, "/Search/queryCompany", { query: { isic: company.isic.id } }),
    ) as { data: { isic: { id: string } }[] };
    expect(byIsic.data.every((entry) => entry.isic.id === company.isic.id)).toBe(true);
    expectValid(
      set,
      "GET",
      "/Companies/getFullCompany",
      await call(set, "/Companies/getFullCompany", { query: { companyId: String(company.id), lang: "zh" } }),
    );
    const statements = expectValid(
      set,
      "GET",
      "/Search/queryStatement",
      await call(set, "/Search/queryStatement", { query: { companyId: String(company.id) } }),
    ) as {
      data: { stmtId: number; isic: string; year: number; period: string; consolidated: boolean }[];
    };
    const statement = statements.data[0]!;
    const query = {
      stmtId: String(statement.stmtId),
      isic: statement.isic,
      year: String(statement.year),
      period: statement.period,
      consolidated: String(statement.consolidated),
      currency: "USD",
    };
    const read = expectValid(
      set,
      "GET",
      "/Statements/getStatementByCode",
      await call(set, "/Statements/getStatementByCode", { query }),
    ) as { currency: string; lines: unknown[] };
    expect(read.currency).toBe("USD");
    expect(read.lines.length).toBeGreaterThan(0);
    expectValid(
      set,
      "GET",
      "/Statements/getStatementByCode",
      await call(set, "/Statements/getStatementByCode", { query: { ...query, year: "1999" } }),
      404,
    );
    expectValid(set, "GET", "/Search/queryCompany", await call(set, "/Search/queryCompany", { query: { offset: "10001" } }), 400);
    expectValid(set, "GET", "/Search/queryCompany", await call(set, "/Search/queryCompany", { query: { limit: "101" } }), 400);
  });

  it("company, version 2, with cursors, filters, dumps and feeds", async () => {
    const set = "company-v2";
    const page = expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { offset: "100" } })) as {
      data: { total: number; offset: number; items: { id: number }[] };
    };
    expect(page.data).toMatchObject({ total: 150, offset: 100 });
    expect(page.data.items).toHaveLength(50);
    expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { limit: "150" } }), 400);

    const opened = expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { cursor: "*" } })) as {
      cursor_id: string;
      data: { items: { id: number }[] };
    };
    expect(opened.data.items).toHaveLength(100);
    const next = expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { cursor_id: opened.cursor_id } })) as {
      cursor_id: string;
      data: { offset: number; items: unknown[] };
    };
    expect(next.data).toMatchObject({ offset: 100 });
    expect(next.data.items).toHaveLength(50);
    const last = expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { cursor_id: next.cursor_id } })) as {
      cursor_id: string;
      data: { items: unknown[] };
    };
    expect(last.data.items).toEqual([]);
    expectValid(set, "GET", "/companies", await call(set, "/companies", { query: { cursor_id: opened.cursor_id } }), 400);
    expectValid(set, "DELETE", "/companies/cursor/x", await call(set, `/companies/cursor/${last.cursor_id}`, { method: "DELETE" }), 204);
    expectValid(set, "DELETE", "/companies/cursor/x", await call(set, `/companies/cursor/${last.cursor_id}`, { method: "DELETE" }), 404);

    const id = opened.data.items[0]!.id;
    const profile = expectValid(set, "GET", "/companies/x", await call(set, `/companies/${id}`)) as {
      data: { name: { current_name: string }; isic: { id: string } };
    };
    expectValid(
      set,
      "GET",
      "/companies/x/statements",
      await call(set, `/companies/${id}/statements`, { query: { currency: "EUR", official_only: "true" } }),
    );
    const matches = expectValid(
      set,
      "GET",
      "/companies/match",
      await call(set, "/companies/match", { query: { name: profile.data.name.current_name } }),
    ) as {
      data: { items: { id: number; score: number }[] };
    };
    expect(matches.data.items[0]).toMatchObject({ id, score: 0.8 });
    expectValid(set, "GET", "/companies/x", await call(set, "/companies/9999999"), 404);

    expectValid(
      set,
      "POST",
      "/companies/search/filters",
      await call(set, "/companies/search/filters", { method: "POST", body: { company_ids: [id], criteria: { keyword: "x" } } }),
      400,
    );
    const filter = expectValid(
      set,
      "POST",
      "/companies/search/filters",
      await call(set, "/companies/search/filters", { method: "POST", body: { company_ids: [id, 2, 3] } }),
    ) as {
      filter_id: number;
      company_count: number;
    };
    expect(filter.company_count).toBe(3);
    const filtered = expectValid(
      set,
      "GET",
      "/companies",
      await call(set, "/companies", { query: { filter_id: String(filter.filter_id) } }),
    ) as { data: { total: number } };
    expect(filtered.data.total).toBe(3);
    // Industry criteria are ISIC Rev. 4 codes as the spec says: a class selects its division's companies.
    const industryCount = async (codes: string[]) =>
      (
        expectValid(
          set,
          "POST",
          "/companies/search/filters",
          await call(set, "/companies/search/filters", { method: "POST", body: { criteria: { main_industry: codes } } }),
        ) as { company_count: number }
      ).company_count;
    const isicClass = profile.data.isic.id;
    expect(await industryCount([isicClass])).toBeGreaterThan(0);
    expect(await industryCount([isicClass.slice(0, 2)])).toBe(await industryCount([isicClass]));
    expect(await industryCount(["0000"])).toBe(0);

    const dump = expectValid(
      set,
      "POST",
      "/companies/dumps",
      await call(set, "/companies/dumps", { method: "POST", body: { filter_id: filter.filter_id, name: "Three", statements: true } }),
    ) as {
      dump_id: number;
      status: string;
    };
    expect(dump.status).toBe("queued");
    expectValid(
      set,
      "POST",
      "/companies/dumps",
      await call(set, "/companies/dumps", { method: "POST", body: { filter_id: 1, name: "None" } }),
      404,
    );
    const cancelled = expectValid(
      set,
      "POST",
      "/companies/dumps",
      await call(set, "/companies/dumps", { method: "POST", body: { filter_id: filter.filter_id, name: "Cancel me" } }),
    ) as { dump_id: number };
    expect(
      expectValid(set, "DELETE", "/companies/dumps/x", await call(set, `/companies/dumps/${cancelled.dump_id}`, { method: "DELETE" })),
    ).toMatchObject({ status: "cancelled" });
    expectValid(set, "DELETE", "/companies/dumps/x", await call(set, `/companies/dumps/${cancelled.dump_id}`, { method: "DELETE" }), 409);
    // The built-in dumps complete by the clock, 4 s after they are made.
    const done = (await waitFor(
      async () => expectValid(set, "GET", "/companies/dumps/x", await call(set, `/companies/dumps/${dump.dump_id}`)),
      (answer) => !["queued", "running"].includes((answer as { status: string }).status),
      { timeoutMs: 15_000, everyMs: 500 },
    )) as { status: string; download_url: string };
    expect(done.status).toBe("completed");
    const file = await httpDataApi(new Request(done.download_url));
    expect(((await file.json()) as { companies: unknown[] }).companies).toHaveLength(3);

    const feed = {
      filter_id: filter.filter_id,
      name: "Weekly",
      frequency: "weekly",
      delivery: "ftp",
      ftp: { host: "ftp.example.com", username: "u", password: "secret" },
    };
    const created = expectValid(set, "POST", "/companies/feeds", await call(set, "/companies/feeds", { method: "POST", body: feed })) as {
      id: number;
    };
    expect(JSON.stringify(created)).not.toContain("secret");
    expectValid(set, "GET", "/companies/feeds/x", await call(set, `/companies/feeds/${created.id}`));
    expectValid(
      set,
      "POST",
      "/companies/feeds",
      await call(set, "/companies/feeds", { method: "POST", body: { ...feed, ftp: undefined } }),
      400,
    );
  }, 30_000);

  it("documents, recording file fetches for the usage reports", async () => {
    const set = "documents";
    const page = expectValid(set, "GET", "/Search/query", await call(set, "/Search/query", { query: { limit: "5" } })) as {
      data: { documentId: string; formats: string[] }[];
    };
    const document = page.data[0]!;
    const file = expectValid(
      set,
      "GET",
      "/Search/getFile",
      await call(set, "/Search/getFile", { query: { documentId: document.documentId, format: "txt" } }),
    ) as { downloadUrl: string };
    const text = await httpDataApi(new Request(file.downloadUrl));
    expect(text.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const report = expectValid(
      set,
      "GET",
      "/Usage/report",
      await call(set, "/Usage/report", { query: { documentId: document.documentId } }),
    ) as { total: number };
    expect(report.total).toBe(1);
    const reports = expectValid(
      set,
      "POST",
      "/Usage/reports",
      await call(set, "/Usage/reports", { method: "POST", body: { documentIds: [document.documentId, "DC9999999"] } }),
    ) as {
      items: { documentId: string; format: string }[];
    };
    expect(reports.items).toEqual([expect.objectContaining({ documentId: document.documentId, format: "txt" })]);
    expectValid(set, "GET", "/Search/getFile", await call(set, "/Search/getFile", { query: { documentId: "DC9999999" } }), 404);
    expectValid(set, "POST", "/Usage/reports", await call(set, "/Usage/reports", { method: "POST", body: { documentIds: [] } }), 400);
  });

  it("dealwatch, derived from the catalog's companies", async () => {
    const set = "dealwatch";
    const deals = expectValid(set, "GET", "/SearchDeal/getDeals", await call(set, "/SearchDeal/getDeals", { query: { limit: "20" } })) as {
      data: { announcedDate: string; target: { companyId: number }; advisors: { advisorId: number }[] }[];
    };
    const dates = deals.data.map((deal) => deal.announcedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const again = await call(set, "/SearchDeal/getDeals", { query: { limit: "20" } });
    expect(JSON.parse(again.body)).toEqual(deals);
    const companyId = deals.data[0]!.target.companyId;
    expectValid(
      set,
      "GET",
      "/SearchDeal/getDeals",
      await call(set, "/SearchDeal/getDeals", { query: { companyId: String(companyId), minValue: "1.5" } }),
    );
    const companies = expectValid(
      set,
      "GET",
      "/SearchCompanies/getListCompanies",
      await call(set, "/SearchCompanies/getListCompanies", { query: { role: "target" } }),
    ) as {
      data: { companyId: number }[];
    };
    expect(companies.data.map((company) => company.companyId)).toContain(companyId);
    expectValid(
      set,
      "GET",
      "/SearchAdvisors/getListAdvisors",
      await call(set, "/SearchAdvisors/getListAdvisors", { query: { advisorType: "legal" } }),
    );
  });

  it("real estate, derived from the catalog's countries and cities", async () => {
    const set = "real-estate";
    const markets = expectValid(set, "GET", "/markets", await call(set, "/markets", { query: { segment: "office", limit: "5" } })) as {
      data: { id: string }[];
    };
    const market = markets.data[0]!.id;
    expectValid(set, "GET", "/markets/x", await call(set, `/markets/${market}`));
    const series = expectValid(
      set,
      "GET",
      "/markets/x/indicators",
      await call(set, `/markets/${market}/indicators`, { query: { frequency: "annual", from: "2020-01-01" } }),
    ) as {
      data: { observations: { date: string }[] }[];
    };
    expect(series.data[0]!.observations[0]!.date >= "2020-01-01").toBe(true);
    const properties = expectValid(
      set,
      "GET",
      "/properties/search",
      await call(set, "/properties/search", { query: { market_id: market } }),
    ) as { data: { id: string }[] };
    expectValid(set, "GET", "/properties/x", await call(set, `/properties/${properties.data[0]!.id}`));
    expectValid(set, "GET", "/indicators", await call(set, "/indicators"));
    expectValid(set, "GET", "/markets/x", await call(set, "/markets/XX-NOPE"), 404);
  });

  it("fund flows: a session, then bearer calls and a report polled until Completed", async () => {
    const set = "fund-flows";
    const opened = expectValid(
      set,
      "POST",
      "/Session",
      await call(set, "/Session", { method: "POST", body: { username: intel.email, password: PASSWORD } }),
    ) as {
      data: { token: string }[];
    };
    bearer = opened.data[0]!.token;
    const withKey = expectValid(
      set,
      "POST",
      "/Session",
      await call(set, "/Session", { method: "POST", body: { username: intel.email, password: intel.key } }),
    ) as { data: { token: string }[] };
    expect(withKey.data[0]!.token).not.toBe(bearer);
    const headers = { Authorization: `Bearer ${bearer}` };
    accountOf.set(headers.Authorization, intel.id);
    const classes = expectValid(
      set,
      "GET",
      "/v2/Dictionary/x/AssetClasses",
      await call(set, "/v2/Dictionary/CF/AssetClasses", { headers }),
    ) as { data: { id: number }[] };
    const report = { assetClasses: [classes.data[1]!.id], frequency: "Monthly", categories: ["Germany", "France"] };
    const created = expectValid(
      set,
      "POST",
      "/v2/Report/x/y/z",
      await call(set, "/v2/Report/CF/2024-01-01/2024-06-30", { method: "POST", body: report, headers }),
    ) as {
      reportId: number;
      status: string;
    };
    expect(created.status).toBe("Queued");
    expectValid(set, "GET", "/v2/SavedReports/x/output", await call(set, `/v2/SavedReports/${created.reportId}/output`, { headers }), 409);
    // A report completes by the clock, 2 s after it is made.
    const finished = await waitFor(
      async () => expectValid(set, "GET", "/v2/SavedReports/x", await call(set, `/v2/SavedReports/${created.reportId}`, { headers })),
      (answer) => !["Queued", "Running"].includes((answer as { status: string }).status),
      { timeoutMs: 15_000, everyMs: 250 },
    );
    expect(finished).toMatchObject({ status: "Completed" });
    const output = expectValid(
      set,
      "GET",
      "/v2/SavedReports/x/output",
      await call(set, `/v2/SavedReports/${created.reportId}/output`, { headers }),
    ) as { ColumnNames: string[]; Rows: unknown[][] };
    expect(output.ColumnNames[0]).toBe("Date");
    expect(output.Rows).toHaveLength(6 * 2);
    const listed = expectValid(
      set,
      "GET",
      "/v2/SavedReports",
      await call(set, "/v2/SavedReports", { query: { dataset: "CF" }, headers }),
    ) as { data: { id: number }[] };
    expect(listed.data.map((entry) => entry.id)).toEqual([created.reportId]);
    expectValid(
      set,
      "POST",
      "/v2/Report/x/y/z",
      await call(set, "/v2/Report/CF/2024-06-30/2024-01-01", { method: "POST", body: report, headers }),
      400,
    );
  });

  it("left no operation of any spec out", () => {
    for (const set of specs.keys()) {
      const operations = readContract(specOf(set)).operations.map((operation) => operation.id);
      expect([...(covered.get(set) ?? [])].sort(), set).toEqual([...operations].sort());
    }
    expect([...specs.keys()].sort()).toEqual([
      "company",
      "company-v2",
      "dealwatch",
      "documents",
      "fund-flows",
      "macroeconomic",
      "real-estate",
      "sandbox",
    ]);
  });
});

describe("authentication as each spec says", () => {
  const refusal = async (set: DocSetId, answer: DataApiAnswer, status: number, message: RegExp) => {
    const body = expectValid(set, "GET", set === "fund-flows" ? "/v2/SavedReports" : "/layout/databases", answer, status) as {
      error: string;
      code: number;
    };
    expect(body.code).toBe(status);
    expect(body.error).toMatch(message);
  };

  it("refuses a missing key, a wrong key and a key of another product with 401", async () => {
    const set = "macroeconomic";
    await refusal(set, await call(set, "/layout/databases", { token: null }), 401, /missing/);
    await refusal(set, await call(set, "/layout/databases", { token: "econ_wrong" }), 401, /invalid/);
    await refusal(set, await call(set, "/layout/databases", { token: corp.key }), 401, /another product/);
    await refusal(set, await call(set, "/layout/databases", { token: trialKey }), 401, /trial key works only with the sandbox/);
    await refusal("sandbox", await call("sandbox", "/layout/databases", { token: econ.key }), 401, /not a production key/);
    const company = await call("company", "/Search/queryCompany", { token: documentsOnly.key });
    expect(company.status).toBe(401);
    expect(JSON.parse(company.body)).toEqual({
      error: "Unauthorized: the subscription of this API key does not include this API.",
      code: 401,
      requestId: company.headers["X-Request-Id"],
    });
    expect((await call("documents", "/Search/query", { token: documentsOnly.key })).status).toBe(200);
    await refusal("fund-flows", await call("fund-flows", "/v2/SavedReports"), 401, /bearer token is missing/);
    await refusal(
      "fund-flows",
      await call("fund-flows", "/v2/SavedReports", { headers: { Authorization: "Bearer ffs_nope" } }),
      401,
      /bearer/,
    );
    const wrong = await call("fund-flows", "/Session", { method: "POST", body: { username: intel.email, password: "wrong" } });
    expect(wrong.status).toBe(401);
    const keyOfOther = await call("fund-flows", "/Session", { method: "POST", body: { username: corp.email, password: corp.key } });
    expect(keyOfOther.status).toBe(401);
  });

  it("updates the key's last use, at most once a minute", async () => {
    const before = await db.selectFrom("api_keys").select("last_used_at").where("user_id", "=", intel.id).executeTakeFirstOrThrow();
    expect(before.last_used_at).not.toBeNull();
    await call("real-estate", "/indicators");
    const after = await db.selectFrom("api_keys").select("last_used_at").where("user_id", "=", intel.id).executeTakeFirstOrThrow();
    expect(after.last_used_at).toBe(before.last_used_at);
  });

  it("sees only the subscribed databases", async () => {
    const set = "macroeconomic";
    const token = econScoped.key;
    const databases = expectValid(set, "GET", "/layout/databases", await call(set, "/layout/databases", { token })) as {
      data: { id: string; subscribed: boolean }[];
    };
    expect(databases.data.filter((database) => database.subscribed).map((database) => database.id)).toEqual(["DB01"]);
    const search = expectValid(set, "GET", "/series/search", await call(set, "/series/search", { token, query: { limit: "100" } })) as {
      data: { database: string }[];
    };
    expect(search.data.every((series) => series.database === "DB01")).toBe(true);
    expectValid(set, "GET", "/layout/databases/x/topics", await call(set, "/layout/databases/DB02/topics", { token }), 403);
    expectValid(
      set,
      "POST",
      "/filters",
      await call(set, "/filters", { token, method: "POST", body: { name: "Other", criteria: { database: "DB02" } } }),
      403,
    );
  });
});

describe("the per-account limits, in the database", () => {
  it("answer a 6th call within a second 429 with Retry-After", async () => {
    const { key } = await subscriber("econ", ["macroeconomic"]);
    const answers: DataApiAnswer[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await callDataApi({ set: "macroeconomic", method: "GET", path: "/dictionary/regions", query: [["token", key]], headers: {} }),
      );
    }
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.headers["Retry-After"]).toBe("1");
    expectValid("macroeconomic", "GET", "/dictionary/regions", answers[5]!, 429);
  });

  it("answer a call that starts while another call of the account is in flight 429", async () => {
    const { id, key } = await subscriber("econ", ["macroeconomic"]);
    // Another instance is answering a call of this key's account.
    const other = await startCall(`data-api:account:${id}`, 30_000);
    const refused = await callDataApi({
      set: "macroeconomic",
      method: "GET",
      path: "/dictionary/regions",
      query: [["token", key]],
      headers: {},
    });
    expect(refused.status).toBe(429);
    expect(refused.headers["Retry-After"]).toBe("1");
    expect(JSON.parse(refused.body).error).toMatch(/sequential/);
    await other!.release();
    await sleep(1000);
    const concurrent = await Promise.all(
      [0, 1, 2].map(() =>
        callDataApi({
          set: "macroeconomic",
          method: "GET",
          path: "/series/search",
          query: [
            ["token", key],
            ["status", "active"],
          ],
          headers: {},
        }),
      ),
    );
    expect(concurrent.map((answer) => answer.status).sort()).toContain(429);
    expect(concurrent.map((answer) => answer.status)).toContain(200);
  });
});

describe("documented rules and the error shape", () => {
  it("answers bad parameters 400, unknown paths 404 and other methods 405 in the spec's Error shape", async () => {
    const set = "macroeconomic";
    const tooMany = await call(set, `/series/${Array.from({ length: 26 }, (_, i) => i + 1).join(",")}`);
    expect(JSON.parse(tooMany.body)).toMatchObject({
      code: 400,
      error: expect.stringMatching(/^Bad request: id does not have the expected form/),
    });
    const limit = await call(set, "/series/search", { query: { limit: "101" } });
    expect(JSON.parse(limit.body)).toEqual({
      error: "Bad request: limit must be at most 100.",
      code: 400,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    });
    expect((await call(set, "/series/search", { query: { updated_after: "yesterday" } })).status).toBe(400);
    expect((await call(set, "/series/search", { query: { key_only: "maybe" } })).status).toBe(400);
    expect((await call(set, "/filters", { method: "POST", body: "not json" })).status).toBe(400);
    const unknown = await call(set, "/nothing/here");
    expect(JSON.parse(unknown.body)).toEqual({
      error: "Not found: no operation of this API has this path.",
      code: 404,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    });
    const method = await call(set, "/layout/databases", { method: "DELETE" });
    expect(method.status).toBe(405);
    expect(method.headers.Allow).toBe("GET");
  });

  it("answers through the route: unknown sets 404, bad encodings and oversized bodies never 500", async () => {
    const route = (url: string, init?: RequestInit) => httpDataApi(new Request(`http://localhost${url}`, init));
    expect((await route("/data-api/nope/series/search")).status).toBe(404);
    expect((await route("/data-api/macroeconomic/series/%E0%A4%A")).status).toBe(404);
    expect((await route("/data-api/macroeconomic/files/forged.token")).status).toBe(404);
    const viaRoute = await route(`/data-api/macroeconomic/dictionary/regions?token=${econ.key}`);
    expect(viaRoute.status).toBe(200);
  });
});
