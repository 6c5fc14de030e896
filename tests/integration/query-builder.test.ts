import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "200";
  process.env.CATALOG_COMPANIES = "50";
  process.env.CATALOG_DOCUMENTS = "30";
});

import { generateApiKey } from "~/modules/auth/api-keys.server";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { rememberSessionKey } from "~/modules/auth/session-keys.server";
import { createSession, SESSION_COOKIE } from "~/modules/auth/session.server";
import { findUserByEmail, loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { newId } from "~/modules/db/ids";
import type { BuilderOutcome } from "~/modules/docs/query-builder";
import { builderKeyFor } from "~/modules/docs/query-builder.server";
import type { Platform } from "~/modules/registry/registry";
import { sandboxTrialKeyCookie } from "~/modules/sandbox/trial-cookie.server";
import { issueTrialKey } from "~/modules/sandbox/trial-keys.server";
import { action, loader } from "~/routes/docs/doc-page";

const DAY_MS = 24 * 60 * 60 * 1000;
const sandboxSearch = "http://localhost/docs/econ/sandbox/docs/series?path=%2Fseries%2Fsearch&method=get";
const sandboxParams = { vendor: "econ", set: "sandbox", "*": "docs/series" };

function withCookie(cookie: string, url = "http://localhost/docs/econ/macroeconomic", init: RequestInit = {}): Request {
  return new Request(url, { ...init, headers: { Cookie: cookie } });
}

async function signedIn(email: string, platform: Platform): Promise<string> {
  const { token } = await createSession((await findUserByEmail(email))!.id, platform);
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
}

async function trialCookie(): Promise<{ key: string; cookie: string }> {
  const key = await issueTrialKey(newId(), new Date(Date.now() + 7 * DAY_MS));
  return { key, cookie: (await sandboxTrialKeyCookie(key)).split(";")[0]! };
}

/** Calls the docs page's loader or action as Remix would; a thrown Response is an answer too. */
async function call(
  handler: (args: ActionFunctionArgs) => Promise<unknown>,
  request: Request,
  params: Record<string, string>,
): Promise<unknown> {
  try {
    return await handler({ request, params, context: { cspNonce: "" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What data() carried: the value and its status and headers. */
function answered<Value>(answer: unknown): { data: Value; init?: ResponseInit | null } {
  expect(answer).not.toBeInstanceOf(Response);
  return answer as { data: Value; init?: ResponseInit | null };
}

beforeAll(async () => {
  await seedDemoAccounts();
  await prepareCatalog();
});

describe("the key the builder fills in", () => {
  it("asks a visitor to sign in, and tells a user without the product or without a key of this session", async () => {
    expect(await builderKeyFor(new Request("http://localhost/"), "macroeconomic")).toEqual({
      access: { state: "sign-in" },
      key: null,
      username: null,
    });
    const visitor = await signedIn("visitor@demo.test", "econ");
    expect(await builderKeyFor(withCookie(visitor), "macroeconomic")).toMatchObject({ access: { state: "subscribe" }, key: null });
    const company = await signedIn("company@demo.test", "corp");
    expect(await builderKeyFor(withCookie(company), "company-v2")).toMatchObject({ access: { state: "generate" }, key: null });
  });

  it("is the key generated in this session, for every set of its platform; fund flows also gets the username", async () => {
    const cookie = await signedIn("admin@demo.test", "econ");
    const admin = (await loadCurrentUser((await findUserByEmail("admin@demo.test"))!.id, "econ"))!;
    for (const platform of ["corp", "intel"] as const) {
      await rememberSessionKey(withCookie(cookie), platform, (await generateApiKey(admin, platform))!);
    }
    const corp = await builderKeyFor(withCookie(cookie), "documents");
    expect(corp).toMatchObject({ access: { state: "ready", source: "session" }, key: expect.stringMatching(/^corp_/) });
    expect((await builderKeyFor(withCookie(cookie), "dealwatch")).key).toBe(corp.key);
    expect(await builderKeyFor(withCookie(cookie), "fund-flows")).toMatchObject({
      access: { state: "ready", source: "session" },
      key: expect.stringMatching(/^intel_/),
      username: "admin@demo.test",
    });
    expect((await builderKeyFor(withCookie(cookie), "macroeconomic")).access).toEqual({ state: "generate" });
  });

  it("in the sandbox is this browser's trial key, whoever is signed in", async () => {
    expect(await builderKeyFor(new Request("http://localhost/"), "sandbox")).toEqual({
      access: { state: "register" },
      key: null,
      username: null,
    });
    const { key, cookie } = await trialCookie();
    expect(await builderKeyFor(withCookie(cookie), "sandbox")).toEqual({
      access: { state: "ready", source: "trial" },
      key,
      username: null,
    });
  });
});

describe("the operation page", () => {
  it("fills the builder and the samples with the trial key and keeps the page private", async () => {
    const { key, cookie } = await trialCookie();
    const { data, init } = answered<Record<string, unknown>>(await call(loader, withCookie(cookie, sandboxSearch), sandboxParams));
    expect(data.queryBuilder).toMatchObject({ set: "sandbox", access: { state: "ready", source: "trial" }, initial: { apiKey: key } });
    expect(JSON.stringify(data.page)).toContain(`token=${key}`);
    expect(new Headers(init?.headers).get("Cache-Control")).toBe("private, no-store");

    const anonymous = answered<Record<string, unknown>>(await call(loader, new Request(sandboxSearch), sandboxParams));
    expect(JSON.stringify(anonymous.data.page)).toContain("token=YOUR_API_KEY");
    expect(new Headers(anonymous.init?.headers ?? undefined).get("Cache-Control")).toBeNull();
  });

  it("sends the form to the data API without JavaScript and answers the call, the key masked in the curl line", async () => {
    const { key } = await trialCookie();
    const form = new URLSearchParams({ apiKey: key, query_keyword: "GDP", query_limit: "2", query_format: "json" });
    const outcome = answered<BuilderOutcome>(
      await call(action, new Request(sandboxSearch, { method: "POST", body: form }), sandboxParams),
    ).data;
    expect(outcome.result.status).toBe(200);
    expect((JSON.parse(outcome.result.body) as { data: unknown[] }).data.length).toBeLessThanOrEqual(2);
    expect(outcome.result.curl).toContain("/data-api/sandbox/series/search?keyword=GDP&limit=2&format=json&token=****");
    expect(outcome.result.curl).not.toContain(key);
    expect(outcome.values).toMatchObject({ apiKey: key, query_keyword: "GDP" });
  });

  it("refuses a missing key and a body that is not JSON with SPEC's messages, before any call", async () => {
    const missing = await call(
      action,
      new Request(sandboxSearch, { method: "POST", body: new URLSearchParams({ apiKey: "" }) }),
      sandboxParams,
    );
    expect(answered<{ fieldErrors: Record<string, string> }>(missing).data.fieldErrors).toEqual({ apiKey: "validation.required" });
    expect(answered(missing).init?.status).toBe(422);

    const filters = "http://localhost/docs/econ/macroeconomic/docs/filters?path=%2Ffilters&method=post";
    const params = { vendor: "econ", set: "macroeconomic", "*": "docs/filters" };
    const badBody = await call(
      action,
      new Request(filters, { method: "POST", body: new URLSearchParams({ apiKey: "k", body: "{x" }) }),
      params,
    );
    expect(answered<{ fieldErrors: Record<string, string> }>(badBody).data.fieldErrors).toEqual({ body: "queryBuilder.badJson" });
  });

  it("answers 405 for a post to a page without a form, and 404 for an unknown set", async () => {
    const overview = await call(action, new Request("http://localhost/docs/econ/sandbox/docs/series", { method: "POST" }), sandboxParams);
    expect((overview as Response).status).toBe(405);
    const unknown = await call(action, new Request(sandboxSearch, { method: "POST" }), { ...sandboxParams, set: "nope" });
    expect((unknown as Response).status).toBe(404);
  });
});
