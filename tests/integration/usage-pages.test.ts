import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/modules/auth/api-keys.server";
import { createSession } from "~/modules/auth/session.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { percentile } from "~/modules/usage/percentile";
import { flushCalls } from "~/modules/usage/recorder.server";
import type { OperationUsage, TopEntry, UsageCall, UsageDay } from "~/modules/usage/usage.server";
import * as adminUsageApi from "~/routes/api/admin-usage";
import * as adminUsageCall from "~/routes/dashboard/admin/usage-call";
import * as adminUsagePage from "~/routes/dashboard/admin/usage";
import { httpDataApi } from "../support/data-api-http";
import * as usageCall from "~/routes/dashboard/usage-call";
import * as usageCsv from "~/routes/dashboard/usage-csv";
import * as usagePage from "~/routes/dashboard/usage";
import { insertSubscriber } from "../support/subscribers";
import { newId } from "~/modules/db/ids";
import { sandboxTrialKeyCookie } from "~/modules/sandbox/trial-cookie.server";
import { issueTrialKey } from "~/modules/sandbox/trial-keys.server";
import * as sandboxUsageCall from "~/routes/public/sandbox-usage-call";
import * as sandboxUsagePage from "~/routes/public/sandbox-usage";

/**
 * The usage pages (issue 29): the subscriber's /dashboard/usage with its chart, operations, log, call detail and
 * CSV files, and the admins' view and GET /api/admin/usage, their figures checked against the call log itself.
 */

const context = { cspNonce: "" };
const today = new Date().toISOString().slice(0, 10);

async function person(label: string, admin = false) {
  const user = await insertSubscriber({ label, platforms: ["econ"], products: ["macroeconomic"], admin });
  const key = (await generateApiKey((await loadCurrentUser(user.id, "econ"))!, "econ"))!;
  const session = (await createSession(user.id, "econ")).token;
  return { ...user, key, session };
}

async function callApi(path: string, set = "macroeconomic") {
  const url = `http://portal.test/data-api/${set}${path}`;
  const answer = await httpDataApi(new Request(url));
  return answer.headers.get("X-Request-Id")!;
}

/** What the usage pages' loaders answer, each its part. */
interface PageData {
  report?: { days: UsageDay[]; operations: OperationUsage[]; calls: UsageCall[] } | null;
  errors?: Record<string, string> | null;
  values?: Record<string, string>;
  call?: UsageCall & { builderLink: string };
  top?: { accounts: TopEntry[] };
  accounts?: Record<string, { label: string }>;
}

/** A loader's answer as Remix would take it: data and status, or the Response it threw or returned. */
async function load(
  loader: (args: { request: Request; params: Record<string, string>; context: typeof context }) => Promise<unknown>,
  url: string,
  session: string | null,
  params: Record<string, string> = {},
  cookie = session ? `token=${session}` : "",
): Promise<{ status: number; data: PageData; response: Response | null }> {
  const request = new Request(`http://portal.test${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    const answer = await loader({ request, params, context });
    if (answer instanceof Response) return { status: answer.status, data: {}, response: answer };
    if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
      const wrapped = answer as { data: PageData; init: ResponseInit | null };
      return { status: wrapped.init?.status ?? 200, data: wrapped.data, response: null };
    }
    return { status: 200, data: answer as PageData, response: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: {}, response: thrown };
    throw thrown;
  }
}

let owner: Awaited<ReturnType<typeof person>>;
let other: Awaited<ReturnType<typeof person>>;
let admin: Awaited<ReturnType<typeof person>>;
let ownIds: string[];
let otherId: string;

beforeAll(async () => {
  await prepareCatalog();
  owner = await person("usage-page-owner");
  other = await person("usage-page-other");
  admin = await person("usage-page-admin", true);
  ownIds = [
    await callApi(`/series/search?q=gdp&limit=2&token=${owner.key}`),
    await callApi(`/series/search?q=cpi&limit=1&token=${owner.key}`),
    await callApi(`/series/search?limit=nine&token=${owner.key}`),
  ];
  otherId = await callApi(`/series/search?limit=1&token=${other.key}`);
  await flushCalls();
}, 60_000);

describe("the subscriber's usage page", () => {
  it("shows the chart's figures and each operation's latency as the call log has them", async () => {
    const page = await load(usagePage.loader, "/dashboard/usage", owner.session);
    expect(page.status).toBe(200);
    const report = page.data.report!;
    expect(report.days).toHaveLength(30);
    const logged = await db
      .selectFrom("api_call_log")
      .select(["status", "latency_ms", "operation"])
      .where("account", "=", `account:${owner.id}`)
      .execute();
    const todayFigures = report.days.at(-1)!;
    expect(todayFigures.day).toBe(today);
    expect(todayFigures).toMatchObject({
      calls: logged.length,
      success: logged.filter((row) => row.status < 400).length,
      clientErrors: logged.filter((row) => row.status >= 400 && row.status < 500 && row.status !== 429).length,
      rateLimited: 0,
      serverErrors: 0,
    });
    const [operation] = report.operations;
    const latencies = logged.map((row) => Number(row.latency_ms));
    expect(operation).toMatchObject({
      set: "macroeconomic",
      operation: logged[0]!.operation,
      calls: 3,
      errors: 1,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    });
    expect(report.calls.map((call) => call.requestId).sort()).toEqual([...ownIds].sort());
  });

  it("filters the log by status and request id, and answers bad filters with 400 and their messages", async () => {
    const errors = await load(usagePage.loader, "/dashboard/usage?status=4xx", owner.session);
    expect(errors.data.report!.calls.map((call) => call.status)).toEqual([400]);
    const guessed = await load(usagePage.loader, `/dashboard/usage?requestId=${otherId}`, owner.session);
    expect(guessed.data.report!.calls).toEqual([]);
    const bad = await load(usagePage.loader, "/dashboard/usage?from=2026-13-01&requestId=req_1", owner.session);
    expect(bad.status).toBe(400);
    expect(bad.data.report).toBeNull();
    expect(bad.data.errors).toEqual({
      from: "Enter a date as YYYY-MM-DD.",
      requestId: "A request id looks like req_ followed by 24 letters and digits.",
    });
    expect(bad.data.values).toMatchObject({ from: "2026-13-01" });
    expect((await load(usagePage.loader, "/dashboard/usage", null)).status).toBe(404);
  });

  it("shows a call of the account with its builder link, and the 404 page for anyone else's", async () => {
    const detail = await load(usageCall.loader, `/dashboard/usage/${ownIds[0]}`, owner.session, { requestId: ownIds[0]! });
    expect(detail.status).toBe(200);
    expect(detail.data.call).toMatchObject({ requestId: ownIds[0], status: 200, path: "/series/search" });
    const link = new URL(detail.data.call!.builderLink, "http://portal.test");
    expect(link.pathname).toBe("/docs/econ/macroeconomic/docs");
    expect(link.searchParams.get("query.q")).toBe("gdp");
    expect(detail.data.call!.builderLink).not.toContain("token");
    const failed = await load(usageCall.loader, `/dashboard/usage/${ownIds[2]}`, owner.session, { requestId: ownIds[2]! });
    expect(failed.data.call!.error).toContain("limit");
    const guessed = await load(usageCall.loader, `/dashboard/usage/${otherId}`, owner.session, { requestId: otherId });
    expect(guessed.status).toBe(404);
    const visitor = await load(usageCall.loader, `/dashboard/usage/${ownIds[0]}`, null, { requestId: ownIds[0]! });
    expect(visitor.status).toBe(404);
  });

  it("downloads the log and the daily totals as CSV with the page's filters", async () => {
    const calls = (await load(usageCsv.loader, "/dashboard/usage/calls.csv?status=2xx", owner.session)).response!;
    expect(calls.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await calls.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(",200,"))).toBe(true);
    expect(lines.join("\n")).not.toContain(owner.key);
    const days = await (await load(usageCsv.loader, "/dashboard/usage/days.csv", owner.session)).response!.text();
    expect(days.trim().split("\r\n").at(-1)).toBe(`${today},3,2,1,0,0`);
    expect((await load(usageCsv.loader, "/dashboard/usage/days.csv?to=x", owner.session)).status).toBe(400);
    expect((await load(usageCsv.loader, "/dashboard/usage/calls.csv", null)).status).toBe(404);
  });
});

describe("the admins' usage view", () => {
  it("GET /api/admin/usage answers everyone's calls with their account, filtered by account; 401 and 403 for others", async () => {
    const everyone = await load(adminUsageApi.loader, "/api/admin/usage", admin.session);
    const body = (await everyone.response!.json()) as { calls: { requestId: string; account: string }[]; days: { calls: number }[] };
    const accounts = new Map(body.calls.map((call) => [call.requestId, call.account]));
    expect(accounts.get(otherId)).toBe(`account:${other.id}`);
    expect(accounts.get(ownIds[0]!)).toBe(`account:${owner.id}`);
    const one = await load(adminUsageApi.loader, `/api/admin/usage?account=account:${other.id}`, admin.session);
    const oneBody = (await one.response!.json()) as { calls: { requestId: string }[]; days: { calls: number }[] };
    expect(oneBody.calls.map((call) => call.requestId)).toEqual([otherId]);
    expect(oneBody.days.at(-1)!.calls).toBe(1);
    expect((await load(adminUsageApi.loader, "/api/admin/usage?account=bob", admin.session)).status).toBe(422);
    expect((await load(adminUsageApi.loader, "/api/admin/usage", owner.session)).status).toBe(403);
    expect((await load(adminUsageApi.loader, "/api/admin/usage", null)).status).toBe(401);
  });

  it("shows the busiest accounts and any call; the 404 page for subscribers", async () => {
    const page = await load(adminUsagePage.loader, `/dashboard/admin/usage?set=macroeconomic`, admin.session);
    expect(page.status).toBe(200);
    const top = page.data.top!.accounts.find((entry) => entry.name === `account:${owner.id}`);
    expect(top).toMatchObject({ calls: 3, errors: 1, rateLimited: 0 });
    expect(page.data.accounts![`account:${owner.id}`]!.label).toBe(owner.email);
    const call = await load(adminUsageCall.loader, `/dashboard/admin/usage/${otherId}`, admin.session, { requestId: otherId });
    expect(call.data.call!.account).toBe(`account:${other.id}`);
    expect((await load(adminUsagePage.loader, "/dashboard/admin/usage", owner.session)).status).toBe(404);
    expect((await load(adminUsageCall.loader, `/dashboard/admin/usage/${otherId}`, owner.session, { requestId: otherId })).status).toBe(
      404,
    );
  });
});

describe("the sandbox trial's usage page", () => {
  it("shows the calls of the trial key this browser holds, and the 404 page without one or for another key's call", async () => {
    const key = await issueTrialKey(newId(), new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    const cookie = (await sandboxTrialKeyCookie(key)).split(";")[0]!;
    const trialCall = await callApi(`/layout/databases?token=${key}`, "sandbox");
    await flushCalls();
    const path = "/api-products/econ/sandbox/usage";
    const page = await load(sandboxUsagePage.loader, path, null, {}, cookie);
    expect(page.status).toBe(200);
    expect(page.data.report!.calls.map((call) => call.requestId)).toEqual([trialCall]);
    expect(page.data.report!.days.at(-1)!.calls).toBe(1);
    const detail = await load(sandboxUsageCall.loader, `${path}/${trialCall}`, null, { requestId: trialCall }, cookie);
    expect(detail.data.call!.set).toBe("sandbox");
    expect((await load(sandboxUsageCall.loader, `${path}/${ownIds[0]}`, null, { requestId: ownIds[0]! }, cookie)).status).toBe(404);
    expect((await load(sandboxUsagePage.loader, path, owner.session)).status).toBe(404);
  });
});
