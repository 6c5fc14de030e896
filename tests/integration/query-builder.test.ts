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
import { db } from "~/modules/db/db.server";
import { newId } from "~/modules/db/ids";
import type { BuilderOutcome } from "~/modules/docs/query-builder";
import { BUILDER_SENDS_PER_ADDRESS, BUILDER_SENDS_PER_KEY, builderKeyFor } from "~/modules/docs/query-builder.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
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

describe("the builder's own limits and caching", () => {
  /** A send of the sandbox's series search with `apiKey`, from `address`, as the HTTP server hands it over. */
  const send = (apiKey: string, address: string) =>
    call(
      action,
      new Request(sandboxSearch, {
        method: "POST",
        headers: { [CLIENT_ADDRESS_HEADER]: address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ apiKey, query_keyword: "GDP" }),
      }),
      sandboxParams,
    );

  it("[security3-N17] answers a send, and a refused form, with no-store: both repeat the key", async () => {
    const sent = answered<BuilderOutcome>(await send("sbx_cached", "192.0.2.170"));
    expect(sent.data.values.apiKey).toBe("sbx_cached");
    expect(new Headers(sent.init?.headers).get("Cache-Control")).toBe("no-store");
    const refused = answered<Record<string, unknown>>(
      await call(
        action,
        new Request("http://localhost/docs/econ/macroeconomic/docs/filters?path=%2Ffilters&method=post", {
          method: "POST",
          body: new URLSearchParams({ apiKey: "econ_cached", body: "{x" }),
        }),
        { vendor: "econ", set: "macroeconomic", "*": "docs/filters" },
      ),
    );
    expect(refused.init?.status).toBe(422);
    expect(refused.data.repopulateFields).toMatchObject({ apiKey: "econ_cached" });
    expect(new Headers(refused.init?.headers ?? undefined).get("Cache-Control")).toBe("no-store");
  });

  it("[security3-N5] sends at most BUILDER_SENDS_PER_KEY a minute with one key, from any address", async () => {
    for (let index = 0; index < BUILDER_SENDS_PER_KEY; index++) {
      expect(answered<BuilderOutcome>(await send("sbx_one_key", `198.51.100.${index + 1}`)).data.result.status).toBe(401);
    }
    const refused = answered<{ formError: string; formId: string; repopulateFields: Record<string, string> }>(
      await send("sbx_one_key", "198.51.100.200"),
    );
    expect(refused.init?.status).toBe(429);
    expect(refused.data).toMatchObject({ formId: "query-builder", repopulateFields: { apiKey: "sbx_one_key" } });
    expect(refused.data.formError).toMatch(/^queryBuilder\.tooManySends\|perAddress=60\|perKey=20\|seconds=\d+$/);
    const headers = new Headers(refused.init?.headers);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(answered<BuilderOutcome>(await send("sbx_other_key", "198.51.100.200")).data.result.status).toBe(401);
  });

  it("[security3-N5] sends at most BUILDER_SENDS_PER_ADDRESS a minute from one client address (an IPv6 /64), whatever the key", async () => {
    for (let index = 0; index < BUILDER_SENDS_PER_ADDRESS; index++) {
      expect(answered<BuilderOutcome>(await send(`sbx_key_${index}`, `2001:db8:b1d:1::${index + 1}`)).data.result).toBeDefined();
    }
    expect(answered(await send("sbx_fresh_key", "2001:db8:b1d:1::ffff")).init?.status).toBe(429);
    expect(answered<BuilderOutcome>(await send("sbx_fresh_key", "2001:db8:b1d:2::1")).data.result).toBeDefined();
  });

  it("[security3-N1] counts a fund-flows session it opens against the visitor's address, not one shared by every visitor", async () => {
    const savedReports = "http://localhost/docs/flows/api-v2/docs/saved-reports?path=%2Fv2%2FSavedReports&method=get";
    const outcome = answered<BuilderOutcome>(
      await call(
        action,
        new Request(savedReports, {
          method: "POST",
          headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.171", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ username: "intel@demo.test", apiKey: "not-the-password" }),
        }),
        { vendor: "flows", set: "api-v2", "*": "docs/saved-reports" },
      ),
    ).data;
    expect(outcome.result.status).toBe(401);
    const keys = (await db.selectFrom("rate_limits").select("key").where("key", "like", "login:address:%").execute()).map(({ key }) => key);
    expect(keys).toContain("login:address:192.0.2.171");
    expect(keys).not.toContain("login:address:unknown");
  });

  it("[security3-N5] keeps no key in the limits table, only its hash", async () => {
    const keys = await db.selectFrom("rate_limits").select("key").where("key", "like", "builder:%").execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter(({ key }) => key.includes("sbx_"))).toEqual([]);
  });
});
