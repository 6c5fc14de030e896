import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { e2eDb } from "./support/database";
import { clientFor, type Role } from "./support/role-client";
import { test } from "./support/test";

const marker = randomUUID().slice(0, 8);
/** A day of its own in 1901-1928, so the date filter keeps out the rows of every other run (a failed test's worker runs beforeAll again). */
const day = new Date(Date.UTC(1901, 0, 1) + Math.floor(Math.random() * 10_000) * 86_400_000).toISOString().slice(0, 10);
const nextDay = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
const incident = {
  id: randomUUID(),
  created: `${day}T07:08:09.000Z`,
  severity: "warning",
  message: `feed-run ${marker}: The worker stopped while this job was running.`,
  stacktrace: "Error: api failure\n    at somewhere (file.ts:1:1)",
  data: { jobId: `job-${marker}`, attempts: 3 },
};
const mail = {
  id: randomUUID(),
  created: "2004-05-06T07:08:09.000Z",
  to: `api-${marker}@example.com`,
  replyTo: null,
  subject: `API ${marker}`,
  status: "failed",
  attempts: 1,
  lastError: "connect ECONNREFUSED 192.0.2.1:25",
  sentAt: null,
  body: "Hello,\n<b>not markup</b>",
};

// With fullyParallel a worker may run this file's tests in two batches, each after beforeAll: the rows go in once.
test.beforeAll(async () => {
  const db = e2eDb();
  await db
    .insertInto("pipeline_incidents")
    .values({
      id: incident.id,
      created_at: incident.created,
      severity: incident.severity,
      message: incident.message,
      stacktrace: incident.stacktrace,
      additional_data: JSON.stringify(incident.data),
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  await db
    .insertInto("outbox")
    .values({
      id: mail.id,
      created_at: mail.created,
      recipient: mail.to,
      reply_to: mail.replyTo,
      subject: mail.subject,
      body: mail.body,
      status: mail.status,
      attempts: mail.attempts,
      last_error: mail.lastError,
      sent_at: mail.sentAt,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
});

/** [method, path, expected status per role] */
const routes: [string, string, Record<Role, number>][] = [
  ["GET", "/dashboard/admin/snowflake-incidents", { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", `/zh/dashboard/admin/snowflake-incidents?id=${incident.id}`, { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/dashboard/admin/outbox", { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", `/zh/dashboard/admin/outbox?id=${mail.id}`, { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/api/admin/logs/snowflake", { visitor: 401, subscriber: 403, admin: 200 }],
  ["GET", `/api/admin/logs/snowflake-stacktrace?id=${incident.id}`, { visitor: 401, subscriber: 403, admin: 200 }],
  ["GET", "/api/admin/outbox", { visitor: 401, subscriber: 403, admin: 200 }],
  ["GET", `/api/admin/outbox?id=${mail.id}`, { visitor: 401, subscriber: 403, admin: 200 }],
  ["POST", "/api/admin/logs/snowflake", { visitor: 401, subscriber: 403, admin: 405 }],
  ["DELETE", `/api/admin/logs/snowflake-stacktrace?id=${incident.id}`, { visitor: 401, subscriber: 403, admin: 405 }],
  ["PUT", `/api/admin/outbox?id=${mail.id}`, { visitor: 401, subscriber: 403, admin: 405 }],
];

for (const role of ["visitor", "subscriber", "admin"] as const) {
  test(`the snowflake and outbox pages and API answer a ${role} as they must`, async ({ playwright }) => {
    const client = await clientFor(role, playwright);
    for (const [method, path, expected] of routes) {
      const response = await client.fetch(path, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(expected[role]);
    }
    await client.dispose();
  });
}

test("GET /api/admin/logs/snowflake lists with the severity, days and limit, and refuses bad filters", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const filtered = await client.get(`/api/admin/logs/snowflake?severity=warning&from=${day}&to=${day}`);
  expect(await filtered.json()).toEqual({
    incidents: [{ id: incident.id, created: incident.created, severity: incident.severity, message: incident.message }],
  });
  expect((await (await client.get(`/api/admin/logs/snowflake?severity=error&from=${day}&to=${day}`)).json()).incidents).toEqual([]);
  const recent = (await (await client.get("/api/admin/logs/snowflake?limit=3")).json()).incidents;
  expect(recent.length).toBeLessThanOrEqual(3);
  const times = recent.map((entry: { created: string }) => entry.created);
  expect(times).toEqual([...times].sort().reverse());

  const bad = await client.get(`/api/admin/logs/snowflake?severity=fatal&from=${nextDay}&to=${day}`);
  expect([bad.status(), await bad.json()]).toEqual([
    422,
    {
      errors: {
        severity: "Please choose one of the listed options.",
        to: "Please enter a value equal to or greater than the “from” value.",
      },
    },
  ]);
  const badDate = await client.get("/api/admin/logs/snowflake?from=yesterday");
  expect([badDate.status(), await badDate.json()]).toEqual([422, { errors: { from: "Please enter a date as YYYY-MM-DD." } }]);
  for (const limit of ["0", "101", "lots"]) {
    const response = await client.get(`/api/admin/logs/snowflake?limit=${limit}`);
    expect([response.status(), await response.json()]).toEqual([422, { errors: { limit: "Please enter a whole number from 1 to 100." } }]);
  }
  const zh = await client.get("/api/admin/logs/snowflake?severity=fatal&lang=zh");
  expect((await zh.json()).errors.severity).toBe("请选择列出的选项之一。");
  await client.dispose();
});

test("GET /api/admin/logs/snowflake-stacktrace answers one incident with its stack trace and data", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const found = await client.get(`/api/admin/logs/snowflake-stacktrace?id=${incident.id}`);
  expect(found.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await found.json()).toEqual(incident);
  for (const query of ["", "?id=", "?id=nope"]) {
    const invalid = await client.get(`/api/admin/logs/snowflake-stacktrace${query}`);
    expect([invalid.status(), await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
  }
  const unknown = await client.get(`/api/admin/logs/snowflake-stacktrace?id=${randomUUID()}`);
  expect([unknown.status(), await unknown.json()]).toEqual([404, { error: "No incident has been found for this ID." }]);
  await client.dispose();
});

test("GET /api/admin/outbox lists with the status, recipient and limit, and answers one message", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const { body: _body, ...summary } = mail;
  const filtered = await client.get(`/api/admin/outbox?status=failed&recipient=API-${marker}`);
  expect(await filtered.json()).toEqual({ messages: [summary], total: 1 });
  expect(await (await client.get(`/api/admin/outbox?status=sent&recipient=api-${marker}`)).json()).toEqual({ messages: [], total: 0 });
  const latest = await (await client.get("/api/admin/outbox?limit=2")).json();
  expect(latest.messages.length).toBeLessThanOrEqual(2);
  expect(latest.total).toBeGreaterThanOrEqual(latest.messages.length);

  const one = await client.get(`/api/admin/outbox?id=${mail.id}`);
  expect(await one.json()).toEqual(mail);
  const invalid = await client.get("/api/admin/outbox?id=12345");
  expect([invalid.status(), await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
  const unknown = await client.get(`/api/admin/outbox?id=${randomUUID()}`);
  expect([unknown.status(), await unknown.json()]).toEqual([404, { error: "No message has been found for this ID." }]);

  const bad = await client.get("/api/admin/outbox?status=queued&limit=1");
  expect([bad.status(), await bad.json()]).toEqual([422, { errors: { status: "Please choose one of the listed options." } }]);
  const badLimit = await client.get("/api/admin/outbox?limit=2.5");
  expect([badLimit.status(), await badLimit.json()]).toEqual([422, { errors: { limit: "Please enter a whole number from 1 to 100." } }]);
  await client.dispose();
});
