import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession } from "~/modules/auth/session.server";
import { findUserByEmail } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { listSnowflakeIncidents } from "~/modules/incidents/snowflake-incidents.server";
import { enqueue } from "~/modules/jobs/queue.server";
import { startWorker } from "~/modules/jobs/worker.server";
import { loader as api } from "~/routes/api/admin-logs";
import * as page from "~/routes/dashboard/admin/log-screen";
import { callApi, loadPage } from "../support/remix-route";
import { waitFor } from "../support/wait";

const ids = {
  critical: "00000000-0000-4000-8000-000000000001",
  error: "00000000-0000-4000-8000-000000000002",
  warning: "00000000-0000-4000-8000-000000000003",
  info: "00000000-0000-4000-8000-000000000004",
};
const unknownId = "00000000-0000-4000-8000-00000000ffff";

async function insert(id: string, createdAt: string, severity: string, data: string) {
  await db
    .insertInto("pipeline_incidents")
    .values({
      id,
      created_at: createdAt,
      severity,
      message: `${severity} incident`,
      stacktrace: `Error: ${severity}\n    at job`,
      additional_data: data,
    })
    .execute();
}

async function bearer(email: string): Promise<string> {
  const user = await findUserByEmail(email);
  return (await createSession(user!.id, "econ")).token;
}

/** The snowflake incidents page's answer: its status and data. */
async function loadSnowflakePage(url: string, token?: string) {
  const { status, data } = await loadPage(page.loader, url, token);
  return { status, data: data?.screen === "snowflake-incidents" ? data : null };
}

let adminToken = "";
let subscriberToken = "";

beforeAll(async () => {
  await seedDemoAccounts();
  adminToken = await bearer("admin@demo.test");
  subscriberToken = await bearer("macro@demo.test");
  await insert(ids.critical, "2026-01-12T23:59:59.000Z", "critical", '{"workerId":"w1"}');
  await insert(ids.error, "2026-01-11T12:00:00.000Z", "error", '{"jobId":"j1","payload":"{\\"feedId\\":\\"f1\\"}"}');
  await insert(ids.warning, "2026-01-10T08:00:00.000Z", "warning", '{"jobId":"j2","attempts":3}');
  await insert(ids.info, "2026-01-09T12:00:00.000Z", "info", "not json");
});

describe("listSnowflakeIncidents", () => {
  it("lists the newest first, within the limit", async () => {
    const listed = await listSnowflakeIncidents({ limit: 100 });
    expect(listed.map((incident) => incident.id)).toEqual([ids.critical, ids.error, ids.warning, ids.info]);
    expect((await listSnowflakeIncidents({ limit: 2 })).map((incident) => incident.id)).toEqual([ids.critical, ids.error]);
    expect(await listSnowflakeIncidents({ limit: 1000 })).toHaveLength(4);
  });

  it("filters by severity and by days, both included", async () => {
    expect((await listSnowflakeIncidents({ severity: "warning", limit: 100 })).map((incident) => incident.id)).toEqual([ids.warning]);
    const between = await listSnowflakeIncidents({ from: "2026-01-10", to: "2026-01-12", limit: 100 });
    expect(between.map((incident) => incident.id)).toEqual([ids.critical, ids.error, ids.warning]);
    expect(await listSnowflakeIncidents({ severity: "info", from: "2026-01-10", limit: 100 })).toEqual([]);
  });

  it("lists an incident the worker records for a failed job", async () => {
    const worker = startWorker({
      handlers: { "snowflake-test": { run: () => Promise.reject(new Error("warehouse unreachable")) } },
      pollMs: 50,
      concurrency: 1,
      leaseMs: 1000,
    });
    try {
      const jobId = await enqueue("snowflake-test", { feedId: "f-42" });
      const [incident] = await waitFor(
        () => listSnowflakeIncidents({ severity: "error", from: new Date().toISOString().slice(0, 10), limit: 100 }),
        (rows) => rows.length > 0,
      );
      expect(incident).toMatchObject({ severity: "error", message: "snowflake-test failed: warehouse unreachable" });
      const shown = await (await callApi(api, `/api/admin/logs/snowflake-stacktrace?id=${incident!.id}`, adminToken)).json();
      expect(shown.stacktrace).toContain("Error: warehouse unreachable");
      expect(shown.data).toEqual({ jobId, attempt: 1, payload: '{"feedId":"f-42"}' });
    } finally {
      await worker.stop();
    }
  });
});

describe("GET /api/admin/logs/snowflake", () => {
  it("is 401 without a session and 403 for anyone but an admin", async () => {
    expect((await callApi(api, "/api/admin/logs/snowflake")).status).toBe(401);
    const forbidden = await callApi(api, "/api/admin/logs/snowflake", subscriberToken);
    expect([forbidden.status, await forbidden.json()]).toEqual([403, { error: "Only administrators can do this." }]);
  });

  it("lists with the filters, without stack traces or data", async () => {
    const listed = await callApi(api, "/api/admin/logs/snowflake?severity=error&from=2026-01-01&to=2026-01-31&limit=5", adminToken);
    expect(await listed.json()).toEqual({
      incidents: [{ id: ids.error, created: "2026-01-11T12:00:00.000Z", severity: "error", message: "error incident" }],
    });
    const all = await callApi(api, "/api/admin/logs/snowflake?severity=all&to=2026-01-31&limit=2", adminToken);
    expect((await all.json()).incidents.map((incident: { id: string }) => incident.id)).toEqual([ids.critical, ids.error]);
    // One incident has its own address (snowflake-stacktrace): the list's ignores ?id=.
    const withId = await callApi(api, "/api/admin/logs/snowflake?id=x&severity=info&to=2026-01-31", adminToken);
    expect([withId.status, (await withId.json()).incidents.map((incident: { id: string }) => incident.id)]).toEqual([200, [ids.info]]);
  });

  it("refuses bad filters with 422 and the messages by field", async () => {
    const bad = await callApi(api, "/api/admin/logs/snowflake?severity=fatal&from=2026-01-02&to=2026-01-01", adminToken);
    expect([bad.status, await bad.json()]).toEqual([
      422,
      {
        errors: {
          severity: "Please choose one of the listed options.",
          to: "Please enter a value equal to or greater than the “from” value.",
        },
      },
    ]);
    const badLimit = await callApi(api, "/api/admin/logs/snowflake?limit=0", adminToken);
    expect([badLimit.status, await badLimit.json()]).toEqual([422, { errors: { limit: "Please enter a whole number from 1 to 100." } }]);
    const zh = await callApi(api, "/api/admin/logs/snowflake?from=yesterday&lang=zh", adminToken);
    expect((await zh.json()).errors.from).not.toBe("Please enter a date as YYYY-MM-DD.");
  });
});

describe("GET /api/admin/logs/snowflake-stacktrace", () => {
  it("answers one incident with its stack trace and data, for an admin only", async () => {
    const url = `/api/admin/logs/snowflake-stacktrace?id=${ids.warning}`;
    expect((await callApi(api, url)).status).toBe(401);
    expect((await callApi(api, url, subscriberToken)).status).toBe(403);
    const response = await callApi(api, url, adminToken);
    expect([response.status, await response.json()]).toEqual([
      200,
      {
        id: ids.warning,
        created: "2026-01-10T08:00:00.000Z",
        severity: "warning",
        message: "warning incident",
        stacktrace: "Error: warning\n    at job",
        data: { jobId: "j2", attempts: 3 },
      },
    ]);
    expect((await (await callApi(api, `/api/admin/logs/snowflake-stacktrace?id=${ids.info}`, adminToken)).json()).data).toBe("not json");
  });

  it("says 'Invalid ID' for a missing or malformed id and that none was found for an unknown one", async () => {
    for (const url of ["/api/admin/logs/snowflake-stacktrace", "/api/admin/logs/snowflake-stacktrace?id=1%27%20or%201=1"]) {
      const invalid = await callApi(api, url, adminToken);
      expect([invalid.status, await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
    }
    const unknown = await callApi(api, `/api/admin/logs/snowflake-stacktrace?id=${unknownId}`, adminToken);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "No incident has been found for this ID." }]);
  });
});

describe("the snowflake incidents page", () => {
  it("is the 404 page for visitors and subscribers", async () => {
    expect((await loadSnowflakePage("/dashboard/admin/snowflake-incidents")).status).toBe(404);
    expect((await loadSnowflakePage("/dashboard/admin/snowflake-incidents", subscriberToken)).status).toBe(404);
  });

  it("shows one incident above the filtered list", async () => {
    const { status, data } = await loadSnowflakePage(
      `/dashboard/admin/snowflake-incidents?id=${ids.error}&severity=critical&to=2026-01-31`,
      adminToken,
    );
    expect(status).toBe(200);
    expect(data?.row).toMatchObject({ id: ids.error, data: { jobId: "j1", payload: '{"feedId":"f1"}' } });
    expect(data?.list.incidents.map((incident) => incident.id)).toEqual([ids.critical]);
  });

  it("answers 400 for an invalid id or bad filters and 404 for an unknown id", async () => {
    const invalid = await loadSnowflakePage("/dashboard/admin/snowflake-incidents?id=x", adminToken);
    expect([invalid.status, invalid.data?.lookupError]).toEqual([400, "admin.incidents.invalidId"]);
    const unknown = await loadSnowflakePage(`/dashboard/admin/snowflake-incidents?id=${unknownId}`, adminToken);
    expect([unknown.status, unknown.data?.lookupError]).toEqual([404, "admin.incidents.notFound"]);
    const bad = await loadSnowflakePage("/dashboard/admin/snowflake-incidents?severity=loud", adminToken);
    expect([bad.status, bad.data?.filterErrors, bad.data?.list]).toEqual([
      400,
      { severity: "validation.invalidOption" },
      { incidents: [] },
    ]);
  });
});
