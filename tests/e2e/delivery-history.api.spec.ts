import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product } from "./support/accounts";
import { deliveryAttempts, seedRetryingRun } from "./support/deliveries";
import { test } from "./support/test";

/**
 * Issue 27's JSON contract: each product's feed JSON carries `runs` and its dump JSON `deliveries` (channel, state,
 * attempts, lastError, times), and "Retry delivery now" is POST /api/{segment}-retry-delivery, for the owner only.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

async function clientFor(playwright: Playwright, products: Product[], isAdmin = false): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount({ products, isAdmin });
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read loosely; statuses and fields are asserted
async function expectJson(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

test("a feed's runs and a dump's deliveries in the JSON API, and Retry delivery now for the owner only", async ({ playwright }) => {
  test.setTimeout(90_000);
  const owner = await clientFor(playwright, ["macroeconomic"]);
  const stranger = await clientFor(playwright, ["macroeconomic"]);
  const unsubscribed = await clientFor(playwright, ["company"]);
  const admin = await clientFor(playwright, ["macroeconomic"], true);
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const options = await expectJson(await owner.get("/api/econ-options"), 200);
  const database = options.databases[0].value as string;
  const preview = await expectJson(await owner.post("/api/econ-feed/preview", { data: { database } }), 200);
  const seriesIds = preview.items.slice(0, 2).map((item: { id: string }) => item.id);
  const feedId = (
    await expectJson(await owner.post("/api/econ-feed", { data: { name: "History feed", database, seriesIds, format: "json" } }), 201)
  ).id as string;
  const { runId, deliveryId } = await seedRetryingRun(feedId);

  const details = await expectJson(await owner.get(`/api/econ-feed?id=${feedId}`), 200);
  const run = details.runs.find((entry: { id: string }) => entry.id === runId);
  expect(run).toMatchObject({
    status: "delivered",
    state: "retrying",
    items: 3,
    newCount: 1,
    changedCount: 2,
    startedAt: expect.any(String),
    finishedAt: expect.any(String),
    file: null,
  });
  expect(run.deliveries).toEqual([
    {
      channel: "webhook",
      // The query (a token, perhaps) stays out of the history.
      target: "POST http://127.0.0.1:9/hooks",
      state: "retrying",
      attempts: 1,
      lastError: "The webhook answered HTTP 503",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      nextAttemptAt: expect.any(String),
      history: [{ at: expect.any(String), outcome: "failed", error: "The webhook answered HTTP 503" }],
    },
  ]);
  const listed = await expectJson(await owner.get("/api/econ-feeds"), 200);
  expect(
    listed.feeds.find((feed: { id: string }) => feed.id === feedId).runs.find((entry: { id: string }) => entry.id === runId),
  ).toMatchObject({ newCount: 1, changedCount: 2 });

  // Who may retry: not a visitor (401), not a subscriber of another product (403), not another subscriber (404).
  expect((await visitor.post("/api/econ-retry-delivery", { data: { runId } })).status()).toBe(401);
  expect((await unsubscribed.post("/api/econ-retry-delivery", { data: { runId } })).status()).toBe(403);
  expect(await expectJson(await stranger.post("/api/econ-retry-delivery", { data: { runId } }), 404)).toEqual({
    error: expect.any(String),
  });
  expect(await expectJson(await owner.post("/api/econ-retry-delivery", { data: {} }), 422)).toEqual({
    errors: { runId: expect.any(String) },
  });
  expect((await owner.get("/api/econ-retry-delivery")).status()).toBe(405);
  expect(await deliveryAttempts(deliveryId)).toBe(1);

  // The owner's retry runs at once instead of in an hour: the worker tries again (the loopback address is refused).
  expect(await expectJson(await owner.post("/api/econ-retry-delivery", { data: { runId } }), 200)).toEqual({
    retried: 1,
    inProgress: 0,
    message: "The delivery is being retried now.",
  });
  await expect.poll(() => deliveryAttempts(deliveryId), { timeout: 20_000 }).toBe(2);
  const after = await expectJson(await owner.get(`/api/econ-feed?id=${feedId}`), 200);
  const retried = after.runs.find((entry: { id: string }) => entry.id === runId).deliveries[0];
  expect(retried).toMatchObject({ state: "retrying", attempts: 2 });
  expect(retried.history.map((attempt: { outcome: string }) => attempt.outcome)).toEqual(["failed", "failed"]);
  expect(retried.lastError).not.toBe("The webhook answered HTTP 503");
  // An admin may retry anyone's run.
  await expect
    .poll(async () => (await expectJson(await admin.post("/api/econ-retry-delivery", { data: { runId } }), 200)).retried, {
      timeout: 10_000,
    })
    .toBe(1);

  // A dump's JSON carries its deliveries: the file's download once it is written.
  const dumpId = (
    await expectJson(await owner.post("/api/econ-dump", { data: { name: "History dump", database, seriesIds, format: "json" } }), 201)
  ).id as string;
  await expect
    .poll(async () => (await expectJson(await owner.get(`/api/econ-dump?id=${dumpId}`), 200)).status, { timeout: 30_000 })
    .toBe("completed");
  const dump = await expectJson(await owner.get(`/api/econ-dump?id=${dumpId}`), 200);
  expect(dump.deliveries).toEqual([expect.objectContaining({ channel: "download", state: "delivered", attempts: 1, lastError: null })]);
  const dumps = await expectJson(await owner.get(`/api/econ-dumps?ids=${dumpId}`), 200);
  expect(dumps.dumps[0].deliveries).toHaveLength(1);
  await Promise.all([owner, stranger, unsubscribed, admin, visitor].map((context) => context.dispose()));
});
