import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { e2eDb } from "./support/database";
import { clientFor, type Role } from "./support/role-client";
import { startPortalProcess } from "./support/portal-process";
import { test } from "./support/test";

const incident = { id: randomUUID(), created: "2002-05-06T07:08:09.000Z", path: `/e2e-api-${randomUUID().slice(0, 8)}`, query: "?a=1" };

// With fullyParallel a worker may run this file's tests in two batches, each after beforeAll: the rows go in once.
test.beforeAll(async () => {
  await e2eDb()
    .insertInto("incidents")
    .values({
      id: incident.id,
      created_at: incident.created,
      path: incident.path,
      message: "api failure",
      query: incident.query,
      username: "api-user@example.com",
      stacktrace: "Error: api failure\n    at somewhere (file.ts:1:1)",
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
});

/** [method, path, expected status per role] */
const routes: [string, string, Record<Role, number>][] = [
  ["GET", "/dashboard/admin/incidents", { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/zh/dashboard/admin/incidents/", { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/dashboard/admin", { visitor: 404, subscriber: 404, admin: 302 }],
  ["GET", `/dashboard/admin/incidents?id=${incident.id}`, { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/api/admin/incidents", { visitor: 401, subscriber: 403, admin: 200 }],
  ["GET", `/api/admin/incidents?id=${incident.id}`, { visitor: 401, subscriber: 403, admin: 200 }],
  ["GET", `/api/admin/incident-stacktrace?id=${incident.id}`, { visitor: 401, subscriber: 403, admin: 200 }],
  ["POST", "/api/admin/incidents", { visitor: 401, subscriber: 403, admin: 405 }],
  ["DELETE", `/api/admin/incident-stacktrace?id=${incident.id}`, { visitor: 401, subscriber: 403, admin: 405 }],
];

for (const role of ["visitor", "subscriber", "admin"] as const) {
  test(`the admin incident pages and API answer a ${role} as they must`, async ({ playwright }) => {
    const client = await clientFor(role, playwright);
    for (const [method, path, expected] of routes) {
      const response = await client.fetch(path, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(expected[role]);
    }
    await client.dispose();
  });
}

test("GET /api/admin/incidents answers one incident, 'Invalid ID' and not found", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const found = await client.get(`/api/admin/incidents?id=${incident.id}`);
  expect(await found.json()).toEqual({
    id: incident.id,
    created: incident.created,
    path: incident.path,
    message: "api failure",
    query: incident.query,
    username: "api-user@example.com",
    stacktrace: "Error: api failure\n    at somewhere (file.ts:1:1)",
  });
  const invalid = await client.get("/api/admin/incidents?id=12345");
  expect([invalid.status(), await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
  const unknown = await client.get(`/api/admin/incidents?id=${randomUUID()}`);
  expect([unknown.status(), await unknown.json()]).toEqual([404, { error: "No incident has been found for this ID." }]);
  const zh = await client.get("/api/admin/incidents?id=12345&lang=zh");
  expect((await zh.json()).errors.id).not.toBe("Invalid ID");
  await client.dispose();
});

test("GET /api/admin/incidents lists the recent incidents with filters", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const filtered = await client.get(
    `/api/admin/incidents?path=${incident.path}&username=API-USER@example.com&from=2002-05-06&to=2002-05-06`,
  );
  expect(await filtered.json()).toEqual({
    incidents: [
      {
        id: incident.id,
        created: incident.created,
        path: incident.path,
        message: "api failure",
        query: incident.query,
        username: "api-user@example.com",
      },
    ],
  });
  expect((await (await client.get(`/api/admin/incidents?path=${incident.path}&from=2002-05-07`)).json()).incidents).toEqual([]);
  const recent = (await (await client.get("/api/admin/incidents?limit=3")).json()).incidents;
  expect(recent.length).toBeLessThanOrEqual(3);
  const times = recent.map((entry: { created: string }) => entry.created);
  expect(times).toEqual([...times].sort().reverse());
  const badDates = await client.get("/api/admin/incidents?from=2002-05-07&to=2002-05-06");
  expect([badDates.status(), await badDates.json()]).toEqual([
    422,
    { errors: { to: "Please enter a value equal to or greater than the “from” value." } },
  ]);
  expect((await client.get("/api/admin/incidents?limit=0")).status()).toBe(422);
  expect((await client.get("/api/admin/incidents?limit=lots")).status()).toBe(422);
  await client.dispose();
});

test("GET /api/admin/incident-stacktrace answers the stack trace as plain text", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const response = await client.get(`/api/admin/incident-stacktrace?id=${incident.id}`);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await response.text()).toBe("Error: api failure\n    at somewhere (file.ts:1:1)");
  const invalid = await client.get("/api/admin/incident-stacktrace?id=nope");
  expect([invalid.status(), await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
  const unknown = await client.get(`/api/admin/incident-stacktrace?id=${randomUUID()}`);
  expect([unknown.status(), await unknown.json()]).toEqual([404, { error: "No incident has been found for this ID." }]);
  await client.dispose();
});

test("[security3-N10] ?_data= requests and the answers routes chose make no incident row, a real failure does", async () => {
  // A server of its own: the shared one's per-minute cap of incidents could hide a row that should not be there.
  const server = await startPortalProcess();
  try {
    const marker = randomUUID().slice(0, 8);
    for (const path of [
      `/api-products?_data=root&m=${marker}`,
      `/api-products?_data=root&m=${marker}&n=2`,
      `/zz-${marker}?_data=root`,
      `/zz-${marker}`,
      `/api-products?_data=routes/nothing&m=${marker}`,
    ]) {
      expect((await fetch(`${server.baseURL}${path}`)).status, path).toBeLessThan(500);
    }
    expect((await fetch(`${server.baseURL}/__test/crash?m=${marker}`)).status).toBe(500);
    const marked = () =>
      e2eDb()
        .selectFrom("incidents")
        .select(["path", "query"])
        .where((eb) => eb.or([eb("path", "like", `%${marker}%`), eb("query", "like", `%${marker}%`)]))
        .execute();
    await expect.poll(async () => (await marked()).some((row) => row.path === "/__test/crash")).toBe(true);
    expect(await marked()).toEqual([{ path: "/__test/crash", query: `?m=${marker}` }]);
  } finally {
    await server.stop();
  }
});
