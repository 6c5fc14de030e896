import { createHash } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { keyFor, trialKey } from "./support/data-api-keys";
import { e2eDb } from "./support/database";
import { postStreamed } from "./support/streamed-body";
import { test } from "./support/test";

/**
 * The data APIs over HTTP against the real server: a subscriber's key on every set, the sandbox's trial key,
 * fund flows' session then bearer token, and the refusals (401, 403, 429 with Retry-After) in the specs'
 * Error shape.
 */

const pause = () => new Promise((resolve) => setTimeout(resolve, 250));

test("a subscriber's key answers every set of its product", async ({ request }) => {
  const econ = await keyFor(request, ["macroeconomic"], "econ");
  const search = await request.get(`/data-api/macroeconomic/series/search?keyword=gdp&limit=5&token=${econ.key}`);
  expect(search.status()).toBe(200);
  const page = (await search.json()) as { total: number; limit: number; data: { id: string }[] };
  expect(page.limit).toBe(5);
  expect(page.data.length).toBeGreaterThan(0);
  await pause();
  const ids = page.data.map((series) => series.id).join(",");
  const data = await request.get(`/data-api/macroeconomic/series/${ids}/data?token=${econ.key}`);
  expect(((await data.json()) as { data: unknown[] }).data).toHaveLength(page.data.length);

  const corp = await keyFor(request, ["company", "documents"], "corp");
  for (const [set, path] of [
    ["company", "/Search/queryCompany?limit=3"],
    ["company-v2", "/companies"],
    ["documents", "/Search/query?limit=3"],
    ["dealwatch", "/SearchDeal/getDeals?limit=3"],
  ] as const) {
    await pause();
    const answer = await request.get(`/data-api/${set}${path}${path.includes("?") ? "&" : "?"}token=${corp.key}`);
    expect(answer.status(), set).toBe(200);
  }
  const intel = await keyFor(request, ["intelligence"], "intel");
  const markets = await request.get(`/data-api/real-estate/markets?limit=3&token=${intel.key}`);
  expect(((await markets.json()) as { data: unknown[] }).data).toHaveLength(3);
});

test("the sandbox answers the trial key over its sample, 403 outside it", async ({ request }) => {
  const key = await trialKey();
  const databases = await request.get(`/data-api/sandbox/layout/databases?token=${key}`);
  expect(databases.status()).toBe(200);
  expect(((await databases.json()) as { data: { id: string; subscribed: boolean }[] }).data).toEqual([
    expect.objectContaining({ id: "DB01", subscribed: true }),
    expect.objectContaining({ id: "DB02", subscribed: true }),
  ]);
  await pause();
  const outside = await request.get(`/data-api/sandbox/layout/databases/DB03/topics?token=${key}`);
  expect(outside.status()).toBe(403);
  expect(await outside.json()).toEqual({
    error: "Forbidden: the requested data is outside the sandbox sample.",
    code: 403,
    requestId: expect.stringMatching(/^req_[a-z2-7]{24}$/),
  });
});

test("fund flows opens a session with the platform credentials, then takes the bearer token", async ({ request }) => {
  const account = await createAccount({ products: ["intelligence"], platforms: ["intel"] });
  const session = await request.post("/data-api/fund-flows/Session", { data: { username: account.email, password: account.password } });
  expect(session.status()).toBe(200);
  const { token, expires } = ((await session.json()) as { data: { token: string; expires: string }[] }).data[0]!;
  expect(Date.parse(expires)).toBeGreaterThan(Date.now());
  await pause();
  const headers = { Authorization: `Bearer ${token}` };
  const classes = await request.get("/data-api/fund-flows/v2/Dictionary/FF/AssetClasses", { headers });
  expect(classes.status()).toBe(200);
  await pause();
  const report = await request.post("/data-api/fund-flows/v2/Report/FF/2024-01-01/2024-03-31", {
    headers,
    data: { assetClasses: [1], frequency: "Monthly" },
  });
  expect(await report.json()).toEqual({ reportId: expect.any(Number), status: "Queued" });
  await pause();
  expect((await request.get("/data-api/fund-flows/v2/SavedReports")).status()).toBe(401);
  await pause();
  const wrong = await request.post("/data-api/fund-flows/Session", { data: { username: account.email, password: "not the password" } });
  expect(wrong.status()).toBe(401);
});

test("refuses a missing key, a wrong key and another product's key with 401", async ({ request }) => {
  const corp = await keyFor(request, ["company"], "corp");
  const missing = await request.get("/data-api/macroeconomic/layout/databases");
  expect(missing.status()).toBe(401);
  expect(await missing.json()).toEqual({
    error: "Unauthorized: the API key is missing; send it in the token query parameter.",
    code: 401,
    requestId: expect.stringMatching(/^req_[a-z2-7]{24}$/),
  });
  expect((await request.get("/data-api/macroeconomic/layout/databases?token=econ_wrong")).status()).toBe(401);
  const other = await request.get(`/data-api/macroeconomic/layout/databases?token=${corp.key}`);
  expect(other.status()).toBe(401);
  expect(((await other.json()) as { error: string }).error).toMatch(/another product/);
  const sandbox = await request.get(`/data-api/sandbox/layout/databases?token=${corp.key}`);
  expect(sandbox.status()).toBe(401);
});

test("a 6th call within a second and an overlapping call are answered 429 with Retry-After", async ({ request }) => {
  const { key } = await keyFor(request, ["macroeconomic"], "econ");
  const statuses: number[] = [];
  let refused: Awaited<ReturnType<APIRequestContext["get"]>> | undefined;
  for (let i = 0; i < 6; i++) {
    const answer = await request.get(`/data-api/macroeconomic/dictionary/regions?token=${key}`);
    statuses.push(answer.status());
    if (answer.status() === 429) refused = answer;
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses[5]).toBe(429);
  expect(refused!.headers()["retry-after"]).toBe("1");
  expect(((await refused!.json()) as { code: number }).code).toBe(429);

  // Another instance is answering a call of this key's account: its in-flight mark is in the shared database.
  const db = e2eDb();
  const { user_id: id } = await db
    .selectFrom("api_keys")
    .select("user_id")
    .where("key_hash", "=", createHash("sha256").update(key).digest("hex"))
    .executeTakeFirstOrThrow();
  const inFlight = `in-flight:data-api:account:${id}`;
  await db
    .insertInto("rate_limits")
    .values({ key: inFlight, points: 1, expire: Date.now() + 30_000 })
    .execute();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const overlapping = await request.get(`/data-api/macroeconomic/dictionary/regions?token=${key}`);
  expect(overlapping.status()).toBe(429);
  expect(overlapping.headers()["retry-after"]).toBe("1");
  expect(((await overlapping.json()) as { error: string }).error).toMatch(/sequential/);
  await db.deleteFrom("rate_limits").where("key", "=", inFlight).execute();
  expect((await request.get(`/data-api/macroeconomic/dictionary/regions?token=${key}`)).status()).toBe(200);
});

test("unknown sets and paths are 404, bad input 400, in the Error shape", async ({ request }) => {
  expect(await (await request.get("/data-api/weather/forecast")).json()).toEqual({
    error: "Not found: no data API has this name.",
    code: 404,
    requestId: expect.stringMatching(/^req_[a-z2-7]{24}$/),
  });
  const { key } = await keyFor(request, ["macroeconomic"], "econ");
  const bad = await request.get(`/data-api/macroeconomic/series/search?limit=1000&token=${key}`);
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    error: "Bad request: limit must be at most 100.",
    code: 400,
    requestId: expect.stringMatching(/^req_[a-z2-7]{24}$/),
  });
});

test("answers over HTTP as a data API: request id header and body agree, gzip, HEAD, and a streamed body past the limit", async ({
  request,
  baseURL,
}) => {
  const { key } = await keyFor(request, ["macroeconomic"], "econ");
  const search = await request.get(`/data-api/macroeconomic/series/search?keyword=gdp&limit=3&token=${key}`, {
    headers: { "Accept-Encoding": "gzip" },
  });
  expect(search.status()).toBe(200);
  expect(search.headers()["content-encoding"]).toBe("gzip");
  expect(search.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(search.headers()["x-request-id"]).toMatch(/^req_[a-z2-7]{24}$/);
  expect((await search.json()).data).toHaveLength(3);
  const head = await request.head(`/data-api/macroeconomic/dictionary/regions?token=${key}`);
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);
  for (const path of ["/data-api/", "/data-api/%E0%A4%A/series"]) {
    const unknown = await request.get(path);
    expect(unknown.status(), path).toBe(404);
    const body = await unknown.json();
    expect(body).toEqual({ error: "Not found: no data API has this name.", code: 404, requestId: unknown.headers()["x-request-id"] });
  }
  // Fund flows' Session takes a JSON body: one streamed without a length is counted as it arrives.
  const tooLarge = await postStreamed(new URL("/data-api/fund-flows/Session", baseURL), 40);
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.json()).toEqual({
    error: "Payload too large: the body is over the size limit.",
    code: 413,
    requestId: tooLarge.headers.get("x-request-id"),
  });
});
