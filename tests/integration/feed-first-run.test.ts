import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "20";
  process.env.CATALOG_DOCUMENTS = "20";
});

import { subscriptionProducts } from "~/modules/auth/platforms";
import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import * as productApiRoute from "~/routes/api/product-api";
import * as createFeedPage from "~/routes/dashboard/products/create-feed";
import { insertSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

/** Issue 27, "a new feed's first run": "deliver the current data first" queues a dump of the feed's selection at once. */

const context = { cspNonce: "test-nonce" };
let worker: Worker;
let database: string;
let owner: { id: string; token: string };
let companyIds: string[];

function request(path: string, token: string, init: { json?: unknown; form?: Record<string, string> } = {}): Request {
  const headers = new Headers({ Authorization: `Bearer ${token}`, Cookie: `token=${token}` });
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(init.form).toString();
  }
  return new Request(`http://portal.test${path}`, { method: body ? "POST" : "GET", headers, body });
}

async function postJson(path: string, json: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await productApiRoute.action({ request: request(path, owner.token, { json }), params: {}, context });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function getJson(path: string): Promise<Record<string, unknown>> {
  const response = await productApiRoute.loader({ request: request(path, owner.token), params: {}, context });
  return (await response.json()) as Record<string, unknown>;
}

const feedRow = (id: string) => db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const dumpsOf = (feedId: string) => db.selectFrom("dumps").selectAll().where("feed_id", "=", feedId).execute();

beforeAll(async () => {
  await prepareCatalog();
  database = (await getCatalog().econLayout())[0]!.id;
  companyIds = (await getCatalog().companyPage({}, { afterId: null, limit: 3 })).map((company) => company.id);
  const user = await insertSubscriber({ label: "first-run", products: subscriptionProducts });
  owner = { id: user.id, token: (await createSession(user.id, "econ")).token };
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

describe("a new feed's first run", () => {
  it("JSON: initialDump queues a dump with the feed's selection, delivery and notifications, linked to the feed, and it runs", async () => {
    const notification = { notificationEmail: "first-run@client.test", notificationUrl: "https://hooks.client.test/in" };
    const created = await postJson("/api/econ-feed", { name: "Everything first", database, initialDump: true, ...notification });
    expect(created.status).toBe(201);
    const feedId = String(created.body.id);
    const feed = await feedRow(feedId);
    const [dump, ...others] = await dumpsOf(feedId);
    expect(others).toEqual([]);
    expect(created.body.initialDumpId).toBe(dump!.id);
    expect(feed.initial_dump_id).toBe(dump!.id);
    expect(dump).toMatchObject({
      user_id: owner.id,
      product: "macroeconomic",
      name: "Everything first",
      criteria: feed.criteria,
      options: feed.options,
      delivery: feed.delivery,
      notification: feed.notification,
    });

    const done = await waitFor(
      () => db.selectFrom("dumps").select(["status", "processed", "total"]).where("id", "=", dump!.id).executeTakeFirstOrThrow(),
      (row) => row.status === "completed",
      { timeoutMs: 20_000 },
    );
    expect(done.total).toBeGreaterThan(0);
    expect(done.processed).toBe(done.total);

    const details = await getJson(`/api/econ-feed?id=${feedId}`);
    expect(details.initialDump).toMatchObject({ id: dump!.id, status: "completed" });
  }, 30_000);

  it("JSON: without initialDump (or with false) the feed starts without a dump; a value that is not a boolean is refused", async () => {
    for (const body of [{}, { initialDump: false }]) {
      const created = await postJson("/api/econ-feed", { name: "Changes only", database, ...body });
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty("initialDumpId");
      expect(await dumpsOf(String(created.body.id))).toEqual([]);
      expect((await getJson(`/api/econ-feed?id=${String(created.body.id)}`)).initialDump).toBeNull();
    }
    const refused = await postJson("/api/econ-feed", { name: "Refused", database, initialDump: 2 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty("initialDump");
  });

  it("every product: company and documents feeds start with their dump too", async () => {
    const corp = await postJson("/api/corp-feed", { name: "Companies first", companyIds, initialDump: true });
    expect(corp.status).toBe(201);
    const documents = await postJson("/api/documents-feed", { name: "Documents first", keyword: "a", initialDump: true });
    expect(documents.status).toBe(201);
    for (const [created, product] of [
      [corp, "company"],
      [documents, "documents"],
    ] as const) {
      const [dump] = await dumpsOf(String(created.body.id));
      expect(dump).toMatchObject({ id: created.body.initialDumpId, product });
      await waitFor(
        () => db.selectFrom("dumps").select("status").where("id", "=", dump!.id).executeTakeFirstOrThrow(),
        (row) => row.status === "completed",
        { timeoutMs: 20_000 },
      );
    }
  }, 45_000);

  it("the create form: the checked box (the form's default) starts the dump; an unchecked box posts nothing and starts none", async () => {
    const post = (form: Record<string, string>) =>
      createFeedPage.action({ request: request("/dashboard/econ/create-feed", owner.token, { form }), params: {}, context });
    const fields = { intent: "create", database, frequency: "daily", status: "active" };
    const checked = await post({ ...fields, name: "Form with dump", initialDump: "on" });
    const unchecked = await post({ ...fields, name: "Form without dump" });
    for (const response of [checked, unchecked]) expect((response as Response).status).toBe(302);
    const feeds = await db
      .selectFrom("feeds")
      .select(["name", "initial_dump_id"])
      .where("user_id", "=", owner.id)
      .where("name", "like", "Form with%")
      .execute();
    const byName = Object.fromEntries(feeds.map((feed) => [feed.name, feed.initial_dump_id]));
    expect(byName["Form with dump"]).toEqual(expect.any(String));
    expect(byName["Form without dump"]).toBeNull();
  });
});
