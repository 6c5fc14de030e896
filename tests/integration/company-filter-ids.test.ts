import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "50";
  process.env.CATALOG_COMPANIES = "20";
  process.env.CATALOG_DOCUMENTS = "5";
});

import { subscriptionProducts } from "~/modules/auth/platforms";
import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { createRecord, findRecord } from "~/modules/data-api/records.server";
import { db } from "~/modules/db/db.server";
import * as productApiRoute from "~/routes/api/product-api";
import { insertSubscriber } from "../support/subscribers";

/** Issue 27, "company filter ids": company feeds and dumps keep the filter_id of their selection and can be made from one. */

const context = { cspNonce: "test-nonce" };
type Answer = { status: number; body: Record<string, unknown> };
let owner: { id: string; token: string };
let other: { id: string; token: string };
let companyIds: string[];

async function subscriber(label: string) {
  const user = await insertSubscriber({ label, products: subscriptionProducts });
  return { id: user.id, token: (await createSession(user.id, "corp")).token };
}

function request(path: string, token: string, json?: unknown, method?: string): Request {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`http://portal.test${path}`, {
    method: method ?? (json === undefined ? "GET" : "POST"),
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

async function call(path: string, json?: unknown, as = owner, method?: string): Promise<Answer> {
  const route = json === undefined ? productApiRoute.loader : productApiRoute.action;
  const response = await route({ request: request(path, as.token, json, method), params: {}, context });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const filterOf = (ownerId: string, id: unknown) =>
  findRecord<{ company_ids?: number[]; selection?: Record<string, unknown> }>({ set: "company-v2", kind: "filter", ownerId }, Number(id));

beforeAll(async () => {
  await prepareCatalog();
  companyIds = (await getCatalog().companyPage({}, { afterId: null, limit: 3 })).map((company) => company.id);
  owner = await subscriber("filter-owner");
  other = await subscriber("filter-other");
}, 120_000);

describe("company filter ids", () => {
  it("a company feed and a dump keep the filter_id of their ids or criteria, in the JSON API and as a company v2 filter", async () => {
    const feed = await call("/api/corp-feed", { name: "By ids", companyIds, status: "inactive" });
    expect(feed.status).toBe(201);
    const details = await call(`/api/corp-feed?id=${String(feed.body.id)}`);
    const filterId = details.body.filterId;
    expect(filterId).toMatch(/^\d+$/);
    const filter = await filterOf(owner.id, filterId);
    expect(filter?.body.company_ids).toEqual(companyIds.map((id) => Number(id.slice(2))));
    expect(filter?.body.selection).toEqual({ companyIds });

    const dump = await call("/api/corp-dump", { name: "By criteria", keyword: "a", country: ["PL"] });
    expect(dump.status).toBe(201);
    const dumpDetails = await call(`/api/corp-dump?id=${String(dump.body.id)}`);
    expect((await filterOf(owner.id, dumpDetails.body.filterId))?.body.selection).toEqual({ keyword: "a", country: ["PL"] });
    const listed = (await call("/api/corp-feeds")).body.feeds as { id: string; filterId: string }[];
    expect(listed.find((entry) => entry.id === feed.body.id)?.filterId).toBe(filterId);
  });

  it("a feed or dump made from a filter id (filterId, or filter_id as the company v2 API names it) selects the filter's companies and keeps its id", async () => {
    const source = await call("/api/corp-feed", { name: "Source", companyIds, status: "inactive" });
    const filterId = Number((await call(`/api/corp-feed?id=${String(source.body.id)}`)).body.filterId);
    const fromFilter = await call("/api/corp-dump", { name: "From the filter", filterId });
    expect(fromFilter.status).toBe(201);
    const dump = await call(`/api/corp-dump?id=${String(fromFilter.body.id)}`);
    expect(dump.body).toMatchObject({ filterId: String(filterId), criteria: { companyIds } });

    // A filter made through the company v2 API, of criteria.
    const apiFilter = await createRecord({ set: "company-v2", kind: "filter", ownerId: owner.id }, { criteria: { keyword: "a" } });
    const feed = await call("/api/corp-feed", { name: "API filter", filter_id: apiFilter.id, status: "inactive" });
    expect(feed.status).toBe(201);
    const stored = await call(`/api/corp-feed?id=${String(feed.body.id)}`);
    expect(stored.body).toMatchObject({ filterId: String(apiFilter.id), criteria: { keyword: "a" } });
  });

  it("refuses a filter id beside ids or criteria, another owner's or an unknown filter, and one that is not a number", async () => {
    const source = await call("/api/corp-feed", { name: "Mine", companyIds, status: "inactive" });
    const filterId = Number((await call(`/api/corp-feed?id=${String(source.body.id)}`)).body.filterId);
    const dumpsBefore = await db.selectFrom("dumps").select("id").where("user_id", "=", other.id).execute();

    const beside = await call("/api/corp-dump", { name: "Both", filterId, keyword: "a" });
    expect(beside).toMatchObject({
      status: 422,
      body: { errors: { filterId: "Please use either a filter id or company ids and search criteria." } },
    });
    const others = await call("/api/corp-dump", { name: "Not mine", filterId }, other);
    expect(others).toMatchObject({ status: 422, body: { errors: { filterId: "None of your filters has this filter id." } } });
    const text = await call("/api/corp-dump", { name: "Text", filterId: "abc" });
    expect(text).toMatchObject({ status: 422, body: { errors: { filterId: "Please enter a filter id: a whole number." } } });
    expect(await db.selectFrom("dumps").select("id").where("user_id", "=", other.id).execute()).toEqual(dumpsBefore);
  });

  it("an edit keeps the feed's filter while its companies stay, and gets a new one when they change", async () => {
    const created = await call("/api/corp-feed", { name: "Edited", companyIds, status: "inactive" });
    const id = String(created.body.id);
    const first = (await call(`/api/corp-feed?id=${id}`)).body.filterId;
    expect((await call(`/api/corp-feed?id=${id}`, { name: "Renamed", companyIds, status: "inactive" }, owner, "PUT")).status).toBe(200);
    expect((await call(`/api/corp-feed?id=${id}`)).body.filterId).toBe(first);
    const fewer = companyIds.slice(0, 1);
    expect((await call(`/api/corp-feed?id=${id}`, { name: "Renamed", companyIds: fewer, status: "inactive" }, owner, "PUT")).status).toBe(
      200,
    );
    const second = (await call(`/api/corp-feed?id=${id}`)).body.filterId;
    expect(second).not.toBe(first);
    expect((await filterOf(owner.id, second))?.body.selection).toEqual({ companyIds: fewer });
  });
});
