import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { test } from "./support/test";

/**
 * Issue 27 over HTTP: a company feed made with "deliver the current data first" (initialDump) starts with a dump
 * linked to it; company feeds and dumps keep the filter_id of their selection, and a dump can be made from it.
 */

async function client(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }) {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount({ products: ["company"] });
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account, "corp");
  await signIn.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; statuses and values are asserted
async function json(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

test("a company feed starts with its dump and keeps a filter id that makes another dump", async ({ playwright }) => {
  const request = await client(playwright);
  const preview = await json(await request.post("/api/corp-feed/preview", { data: { keyword: "a" } }), 200);
  const companyIds = preview.items.slice(0, 2).map((item: { id: string }) => item.id);

  const created = await json(
    await request.post("/api/corp-feed", { data: { name: "Board companies", companyIds, initialDump: true } }),
    201,
  );
  const feed = await json(await request.get(`/api/corp-feed?id=${created.id}`), 200);
  expect(feed.initialDump.id).toBe(created.initialDumpId);
  expect(feed.filterId).toMatch(/^\d+$/);
  const initial = await json(await request.get(`/api/corp-dump?id=${created.initialDumpId}`), 200);
  expect(initial).toMatchObject({ feedId: created.id, filterId: feed.filterId, criteria: { companyIds } });

  const fromFilter = await json(await request.post("/api/corp-dump", { data: { name: "Again", filter_id: Number(feed.filterId) } }), 201);
  const dump = await json(await request.get(`/api/corp-dump?id=${fromFilter.id}`), 200);
  expect(dump).toMatchObject({ filterId: feed.filterId, criteria: { companyIds } });

  const refused = await json(await request.post("/api/corp-dump", { data: { name: "Unknown", filterId: 99 } }), 422);
  expect(refused.errors.filterId).toBe("None of your filters has this filter id.");
  await request.dispose();
});
