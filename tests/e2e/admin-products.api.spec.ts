import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product, type TestAccount } from "./support/accounts";
import { e2eDb } from "./support/database";
import { test } from "./support/test";

/**
 * The admin panel's JSON API over everyone's feeds and dumps (SPEC.md section 7: /api/admin/company-dumps,
 * company-feeds, company-feed, documents-feeds, macroeconomic feeds and dumps): who may call it, lists of
 * every user with the username filter, items created and edited on behalf of a subscriber, the recovery of a
 * deleted macroeconomic feed, and every change in the audit trail.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

interface Client {
  account: TestAccount;
  request: APIRequestContext;
}

async function clientFor(playwright: Playwright, options: { products?: Product[]; isAdmin?: boolean }): Promise<Client> {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount(options);
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return { account, request: await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answer fields loosely; statuses are what is asserted
async function expectJson(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

const adminRoutes = [
  "/api/admin/macroeconomic-feeds",
  "/api/admin/macroeconomic-feeds/recover",
  "/api/admin/macroeconomic-dumps",
  "/api/admin/company-feeds",
  "/api/admin/company-feed",
  "/api/admin/company-dumps",
  "/api/admin/documents-feeds",
];

function auditRows(target: string) {
  return e2eDb()
    .selectFrom("admin_actions")
    .select(["action", "admin_username", "owner_username"])
    .where("target", "=", target)
    .orderBy("created_at")
    .execute();
}

test("only admins reach the admin feeds and dumps API: 401 without a session, 403 for subscribers", async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const anonymous = await playwright.request.newContext({ baseURL });
  const subscriber = await clientFor(playwright, { products: ["macroeconomic", "company", "documents"] });
  for (const route of adminRoutes) {
    expect((await anonymous.get(route)).status(), route).toBe(401);
    expect((await anonymous.post(route, { data: {} })).status(), route).toBe(401);
    const denied = await expectJson(await subscriber.request.get(route), 403);
    expect(denied.error, route).toEqual(expect.any(String));
    expect((await subscriber.request.post(route, { data: { name: "x" } })).status(), route).toBe(403);
  }
  await anonymous.dispose();
});

test("an admin lists everyone's macroeconomic feeds, creates and edits one on behalf of a subscriber, and recovers a deleted one", async ({
  playwright,
}) => {
  const owner = await clientFor(playwright, { products: ["macroeconomic"] });
  const admin = await clientFor(playwright, { isAdmin: true });
  const database = "DB01";
  const own = await expectJson(await owner.request.post("/api/econ-feed", { data: { name: "Owner's GDP", database } }), 201);

  const everyone = await expectJson(await admin.request.get("/api/admin/macroeconomic-feeds"), 200);
  expect(everyone.feeds.map((feed: { id: string }) => feed.id)).toContain(own.id);
  const filtered = await expectJson(await admin.request.get(`/api/admin/macroeconomic-feeds?username=${owner.account.email}`), 200);
  expect(filtered.feeds.map((feed: { id: string; username: string }) => [feed.id, feed.username])).toEqual([[own.id, owner.account.email]]);
  expect(await expectJson(await admin.request.get("/api/admin/macroeconomic-feeds?status=sometimes"), 422)).toEqual({
    errors: { status: expect.any(String) },
  });

  // On behalf of the owner: the feed is theirs, and the owner sees it in their own API.
  const created = await expectJson(
    await admin.request.post("/api/admin/macroeconomic-feeds", {
      data: { name: "Made for you", database, username: owner.account.email, status: "inactive" },
    }),
    201,
  );
  const mine = await expectJson(await owner.request.get("/api/econ-feeds"), 200);
  expect(mine.feeds.map((feed: { id: string }) => feed.id)).toContain(created.id);
  expect(
    (
      await expectJson(
        await admin.request.post("/api/admin/macroeconomic-feeds", {
          data: { name: "Nobody's", database, username: "nobody@example.com" },
        }),
        422,
      )
    ).errors.username,
  ).toEqual(expect.any(String));

  expect(await expectJson(await admin.request.get(`/api/admin/macroeconomic-feeds?id=${created.id}`), 200)).toMatchObject({
    id: created.id,
    name: "Made for you",
    username: owner.account.email,
  });
  await expectJson(
    await admin.request.put(`/api/admin/macroeconomic-feeds?id=${created.id}`, { data: { name: "Renamed for you", database } }),
    200,
  );
  expect(
    await expectJson(await admin.request.patch(`/api/admin/macroeconomic-feeds?id=${created.id}`, { data: { active: true } }), 200),
  ).toEqual({
    id: created.id,
    status: "active",
  });
  expect(await expectJson(await owner.request.get(`/api/econ-feed?id=${created.id}`), 200)).toMatchObject({
    name: "Renamed for you",
    status: "active",
  });

  // Deleted by its owner, listed with deleted=1, recovered by the admin; a second recovery fails with SPEC's message.
  await expectJson(await owner.request.post("/api/econ-delete-feeds", { data: { ids: [own.id] } }), 200);
  const deleted = await expectJson(
    await admin.request.get(`/api/admin/macroeconomic-feeds?deleted=1&username=${owner.account.email}`),
    200,
  );
  expect(deleted.feeds).toEqual([expect.objectContaining({ id: own.id, deleted: expect.any(String) })]);
  expect(await expectJson(await admin.request.post("/api/admin/macroeconomic-feeds/recover", { data: { id: own.id } }), 200)).toEqual({
    id: own.id,
  });
  expect(await expectJson(await admin.request.post("/api/admin/macroeconomic-feeds/recover", { data: { id: own.id } }), 404)).toEqual({
    error: "An error occured while recovering the feed.",
  });
  expect(await expectJson(await admin.request.post("/api/admin/macroeconomic-feeds/recover", { data: {} }), 422)).toEqual({
    errors: { id: "Please fill out this field." },
  });
  expect((await admin.request.get("/api/admin/macroeconomic-feeds/recover")).status()).toBe(405);

  // The audit trail names the admin, the action and whose feed it was.
  const admin_username = admin.account.email;
  expect(await auditRows(created.id)).toEqual([
    { action: "feed-create", admin_username, owner_username: owner.account.email },
    { action: "feed-edit", admin_username, owner_username: owner.account.email },
    { action: "feed-activate", admin_username, owner_username: owner.account.email },
  ]);
  expect(await auditRows(own.id)).toEqual([{ action: "feed-recover", admin_username, owner_username: owner.account.email }]);
});

test("an admin creates and cancels a macroeconomic dump for a subscriber and finds it by id and username", async ({ playwright }) => {
  const owner = await clientFor(playwright, { products: ["macroeconomic"] });
  const admin = await clientFor(playwright, { isAdmin: true });
  const dump = await expectJson(
    await admin.request.post("/api/admin/macroeconomic-dumps", {
      data: { name: "Dump for you", database: "DB01", username: owner.account.email, format: "json" },
    }),
    201,
  );
  expect(await expectJson(await admin.request.get(`/api/admin/macroeconomic-dumps?id=${dump.id}`), 200)).toMatchObject({
    id: dump.id,
    username: owner.account.email,
  });
  const listed = await expectJson(await admin.request.get(`/api/admin/macroeconomic-dumps?username=${owner.account.email}`), 200);
  expect(listed.dumps.map((item: { id: string }) => item.id)).toEqual([dump.id]);
  const ownView = await expectJson(await owner.request.get(`/api/econ-dump?id=${dump.id}`), 200);
  expect(ownView.name).toBe("Dump for you");
  const cancel = await admin.request.delete(`/api/admin/macroeconomic-dumps?id=${dump.id}`);
  // The worker may already have finished so small a dump: then it can no longer be cancelled.
  expect([200, 409]).toContain(cancel.status());
  expect((await auditRows(dump.id)).map((row) => row.action)).toEqual(
    cancel.status() === 200 ? ["dump-create", "dump-cancel"] : ["dump-create"],
  );
  expect((await admin.request.put("/api/admin/macroeconomic-dumps", { data: {} })).status()).toBe(405);
});

test("an admin works with everyone's company feeds and dumps and documents feeds", async ({ playwright }) => {
  const owner = await clientFor(playwright, { products: ["company", "documents"] });
  const admin = await clientFor(playwright, { isAdmin: true });
  const options = await expectJson(await admin.request.get("/api/corp-company-options"), 200);
  const country = options.countries[0].value as string;

  const feed = await expectJson(
    await admin.request.post("/api/admin/company-feed", {
      data: { name: "Companies for you", country: [country], username: owner.account.email },
    }),
    201,
  );
  expect(await expectJson(await admin.request.get(`/api/admin/company-feed?id=${feed.id}`), 200)).toMatchObject({
    name: "Companies for you",
    username: owner.account.email,
  });
  const listed = await expectJson(await admin.request.get(`/api/admin/company-feeds?username=${owner.account.email}`), 200);
  expect(listed.feeds.map((item: { id: string }) => item.id)).toEqual([feed.id]);
  await expectJson(
    await admin.request.put(`/api/admin/company-feed?id=${feed.id}`, { data: { name: "Companies renamed", country: [country] } }),
    200,
  );
  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${feed.id}`), 200)).toMatchObject({ name: "Companies renamed" });

  const dump = await expectJson(
    await admin.request.post("/api/admin/company-dumps", {
      data: { name: "Company dump for you", country: [country], username: owner.account.email },
    }),
    201,
  );
  const dumps = await expectJson(await admin.request.get(`/api/admin/company-dumps?username=${owner.account.email}`), 200);
  expect(dumps.dumps.map((item: { id: string }) => item.id)).toEqual([dump.id]);

  const documents = await expectJson(
    await owner.request.post("/api/documents-feed", { data: { name: "Owner's documents", frequency: 60, keyword: "market" } }),
    201,
  );
  const documentsList = await expectJson(await admin.request.get(`/api/admin/documents-feeds?username=${owner.account.email}`), 200);
  expect(documentsList.feeds.map((item: { id: string }) => item.id)).toEqual([documents.id]);
  expect(
    await expectJson(await admin.request.patch(`/api/admin/documents-feeds?id=${documents.id}`, { data: { active: false } }), 200),
  ).toEqual({
    id: documents.id,
    status: "inactive",
  });
  expect(
    (
      await expectJson(
        await admin.request.put(`/api/admin/documents-feeds?id=${documents.id}`, {
          data: { name: "Every hour", frequency: 30, keyword: "market" },
        }),
        422,
      )
    ).errors.frequency,
  ).toEqual(expect.any(String));
  expect(await auditRows(documents.id)).toEqual([
    { action: "feed-deactivate", admin_username: admin.account.email, owner_username: owner.account.email },
  ]);
  expect((await auditRows(feed.id)).map((row) => row.action)).toEqual(["feed-create", "feed-edit"]);
  expect((await auditRows(dump.id)).map((row) => row.action)).toEqual(["dump-create"]);
});
