import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession } from "~/modules/auth/session.server";
import { findUserByEmail } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { listIncidents, recordIncident } from "~/modules/incidents/incidents.server";
import { loader as api } from "~/routes/api/admin-logs";
import * as page from "~/routes/dashboard/admin/log-screen";
import { callApi, loadPage } from "../support/remix-route";

const ids = {
  docs: "00000000-0000-4000-8000-000000000001",
  docsLater: "00000000-0000-4000-8000-000000000002",
  feeds: "00000000-0000-4000-8000-000000000003",
  percent: "00000000-0000-4000-8000-000000000004",
};

async function insert(id: string, createdAt: string, path: string, username: string | null) {
  await db
    .insertInto("incidents")
    .values({ id, created_at: createdAt, path, message: `failed at ${path}`, query: "", username, stacktrace: `Error\n    at ${path}` })
    .execute();
}

async function bearer(email: string): Promise<string> {
  const user = await findUserByEmail(email);
  return (await createSession(user!.id, "econ")).token;
}

let adminToken = "";
let subscriberToken = "";

beforeAll(async () => {
  await seedDemoAccounts();
  adminToken = await bearer("admin@demo.test");
  subscriberToken = await bearer("macro@demo.test");
  await insert(ids.docs, "2026-01-10T08:00:00.000Z", "/docs/econ/macroeconomic", "Macro@demo.test");
  await insert(ids.docsLater, "2026-01-12T23:59:59.000Z", "/zh/docs/corp/api-v2", null);
  await insert(ids.feeds, "2026-01-11T12:00:00.000Z", "/dashboard/econ/feeds", "admin@demo.test");
  await insert(ids.percent, "2026-01-09T12:00:00.000Z", "/search/100%_off", null);
});

describe("listIncidents", () => {
  it("lists the newest first, within the limit", async () => {
    expect((await listIncidents({ limit: 100 })).map((incident) => incident.id)).toEqual([ids.docsLater, ids.feeds, ids.docs, ids.percent]);
    expect((await listIncidents({ limit: 2 })).map((incident) => incident.id)).toEqual([ids.docsLater, ids.feeds]);
    expect(await listIncidents({ limit: 1000 })).toHaveLength(4);
  });

  it("filters by part of the path and by username, in any case", async () => {
    expect((await listIncidents({ path: "/DOCS/", limit: 100 })).map((incident) => incident.id)).toEqual([ids.docsLater, ids.docs]);
    expect((await listIncidents({ username: "macro@demo.test", limit: 100 })).map((incident) => incident.id)).toEqual([ids.docs]);
    expect((await listIncidents({ path: "%_", limit: 100 })).map((incident) => incident.id)).toEqual([ids.percent]);
  });

  it("filters by days, both included", async () => {
    const between = await listIncidents({ from: "2026-01-10", to: "2026-01-12", limit: 100 });
    expect(between.map((incident) => incident.id)).toEqual([ids.docsLater, ids.feeds, ids.docs]);
    expect((await listIncidents({ to: "2026-01-09", limit: 100 })).map((incident) => incident.id)).toEqual([ids.percent]);
  });

  it("names the fields as SPEC.md does and leaves the stack trace out", async () => {
    expect((await listIncidents({ path: "feeds", limit: 100 }))[0]).toEqual({
      id: ids.feeds,
      created: "2026-01-11T12:00:00.000Z",
      path: "/dashboard/econ/feeds",
      message: "failed at /dashboard/econ/feeds",
      query: "",
      username: "admin@demo.test",
    });
  });
});

describe("GET /api/admin/incidents", () => {
  it("is 401 without a session and 403 for anyone but an admin", async () => {
    expect((await callApi(api, "/api/admin/incidents")).status).toBe(401);
    const forbidden = await callApi(api, `/api/admin/incidents?id=${ids.docs}`, subscriberToken);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "Only administrators can do this." });
  });

  it("answers one incident by id, with its stack trace", async () => {
    const id = await recordIncident({
      request: new Request("http://localhost/faq?x=1"),
      error: new Error("boom"),
      username: "admin@demo.test",
    });
    const response = await callApi(api, `/api/admin/incidents?id=${id}`, adminToken);
    expect(response.status).toBe(200);
    const incident = await response.json();
    expect(incident).toMatchObject({ id, path: "/faq", query: "?x=1", message: "boom", username: "admin@demo.test" });
    expect(incident.stacktrace).toContain("admin-incidents.test.ts");
  });

  it("says 'Invalid ID' for a malformed id and that none was found for an unknown one", async () => {
    const invalid = await callApi(api, "/api/admin/incidents?id=42", adminToken);
    expect([invalid.status, await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
    const unknown = await callApi(api, "/api/admin/incidents?id=00000000-0000-4000-8000-00000000ffff", adminToken);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "No incident has been found for this ID." }]);
  });

  it("lists with the filters and refuses bad ones", async () => {
    const listed = await callApi(api, "/api/admin/incidents?path=docs&from=2026-01-01&to=2026-01-11&limit=5", adminToken);
    expect((await listed.json()).incidents.map((incident: { id: string }) => incident.id)).toEqual([ids.docs]);
    const badDate = await callApi(api, "/api/admin/incidents?from=last+week", adminToken);
    expect([badDate.status, await badDate.json()]).toEqual([422, { errors: { from: "Please enter a date as YYYY-MM-DD." } }]);
    const badLimit = await callApi(api, "/api/admin/incidents?limit=101", adminToken);
    expect(badLimit.status).toBe(422);
  });
});

describe("GET /api/admin/incident-stacktrace", () => {
  it("answers the stack trace as text for an admin only", async () => {
    expect((await callApi(api, `/api/admin/incident-stacktrace?id=${ids.docs}`)).status).toBe(401);
    expect((await callApi(api, `/api/admin/incident-stacktrace?id=${ids.docs}`, subscriberToken)).status).toBe(403);
    const response = await callApi(api, `/api/admin/incident-stacktrace?id=${ids.docs}`, adminToken);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Error\n    at /docs/econ/macroeconomic");
    expect((await callApi(api, "/api/admin/incident-stacktrace?id=x", adminToken)).status).toBe(422);
    expect((await callApi(api, "/api/admin/incident-stacktrace?id=00000000-0000-4000-8000-00000000ffff", adminToken)).status).toBe(404);
  });
});

describe("the incidents page", () => {
  const loadIncidentsPage = async (url: string, token?: string) => {
    const { status, data } = await loadPage(page.loader, url, token);
    return { status, data: data?.screen === "incidents" ? data : null };
  };

  it("is the 404 page for visitors and subscribers", async () => {
    expect((await loadIncidentsPage("/dashboard/admin/incidents")).status).toBe(404);
    expect((await loadIncidentsPage("/zh/dashboard/admin/incidents", subscriberToken)).status).toBe(404);
  });

  it("shows one incident above the filtered list", async () => {
    const { status, data } = await loadIncidentsPage(`/zh/dashboard/admin/incidents/?id=${ids.feeds}&path=docs&to=2026-01-11`, adminToken);
    expect(status).toBe(200);
    expect(data?.row).toMatchObject({ id: ids.feeds, stacktrace: "Error\n    at /dashboard/econ/feeds" });
    expect(data?.list.incidents.map((incident) => incident.id)).toEqual([ids.docs]);
  });

  it("answers 400 for an invalid id or bad filters and 404 for an unknown id", async () => {
    const invalid = await loadIncidentsPage("/dashboard/admin/incidents?id=x", adminToken);
    expect([invalid.status, invalid.data?.lookupError]).toEqual([400, "admin.incidents.invalidId"]);
    const unknown = await loadIncidentsPage("/dashboard/admin/incidents?id=00000000-0000-4000-8000-00000000ffff", adminToken);
    expect([unknown.status, unknown.data?.lookupError]).toEqual([404, "admin.incidents.notFound"]);
    const bad = await loadIncidentsPage("/dashboard/admin/incidents?from=2026-02-01&to=2026-01-01", adminToken);
    expect([bad.status, bad.data?.filterErrors, bad.data?.list]).toEqual([400, { to: "validation.range" }, { incidents: [] }]);
  });
});

describe("a pipeline incident on the incidents screen", () => {
  it("is found by its id, with links to its run, its feed and its owner", async () => {
    const owner = (await findUserByEmail("macro@demo.test"))!;
    const feedId = "00000000-0000-4000-8000-00000000f001";
    const runId = "00000000-0000-4000-8000-00000000f002";
    const incidentId = "00000000-0000-4000-8000-00000000f003";
    const at = "2026-01-13T08:00:00.000Z";
    await db
      .insertInto("feeds")
      .values({
        id: feedId,
        user_id: owner.id,
        product: "macroeconomic",
        name: "Failing feed",
        frequency: "daily",
        status: "active",
        criteria: "{}",
        options: "{}",
        delivery: JSON.stringify({ method: "platform", ftp: null }),
        notification: JSON.stringify({ emails: [], url: null, method: "POST" }),
        created_at: at,
        updated_at: at,
        deleted_at: null,
        next_run_at: null,
        last_run_at: null,
        last_success_at: null,
        last_run_status: null,
      })
      .execute();
    await db
      .insertInto("feed_runs")
      .values({ id: runId, feed_id: feedId, status: "failed", since: at, error: "boom", started_at: at, finished_at: at })
      .execute();
    await db
      .insertInto("pipeline_incidents")
      .values({
        id: incidentId,
        created_at: at,
        severity: "error",
        message: "deliver failed: The webhook answered HTTP 503",
        stacktrace: "",
        additional_data: "{}",
        owner_id: owner.id,
        feed_id: feedId,
        feed_run_id: runId,
      })
      .execute();
    const subject = {
      owner: { id: owner.id, username: owner.username },
      feed: { id: feedId, product: "macroeconomic" },
      dump: null,
      feedRunId: runId,
    };

    const { status, data } = await loadPage(page.loader, `/dashboard/admin/incidents?id=${incidentId}`, adminToken);
    expect(status).toBe(200);
    expect(data?.screen === "incidents" ? data.row : null).toMatchObject({ id: incidentId, pipeline: true, severity: "error", subject });
    const answered = await callApi(api, `/api/admin/incidents?id=${incidentId}`, adminToken);
    expect(await answered.json()).toMatchObject({ id: incidentId, pipeline: true, subject });
  });
});
