import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadAdminDashboard, reloadSpecifications } from "~/modules/admin/dashboard.server";
import { recentAdminActions } from "~/modules/audit/audit.server";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession } from "~/modules/auth/session.server";
import { findUserByEmail, type CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { getDocSetData } from "~/modules/docs/routing-data.server";
import { searchDocs } from "~/modules/docs/search.server";
import { readSpecVersions, stampSpecReload, syncSpecVersions } from "~/modules/docs/spec-versions.server";
import { heartbeatEveryMs, instanceKeptMs, staleAfterMs } from "~/modules/instances/instances";
import { listInstances, newInstanceId, recordHeartbeat, removeInstance } from "~/modules/instances/instances.server";
import { countQueues } from "~/modules/jobs/queue-summary.server";
import { workerAlive } from "~/modules/jobs/worker.server";
import { engineJobKinds } from "~/modules/server/engine.server";
import { action as dashboardApiAction, loader as dashboardApiLoader } from "~/routes/api/admin-dashboard";

/** The deal watch set reads this file (DOCS_SPEC_SOURCES), set before the modules read the environment. */
const source = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "admin-dashboard-"));
  const file = join(dir, "dealwatch.json");
  process.env.DOCS_SPEC_SOURCES = JSON.stringify({ dealwatch: file });
  return { dir, file };
});

/** A small valid deal watch specification whose one operation carries a word no other set uses. */
function writeSpec(word: string, host = "api.example.com") {
  const spec = {
    swagger: "2.0",
    info: { title: "Deal Watch", version: "1.0" },
    host,
    basePath: "/v1",
    paths: { [`/${word}`]: { get: { tags: ["Deals"], summary: `List ${word} deals`, responses: { 200: { description: "OK" } } } } },
  };
  fs.writeFileSync(source.file, JSON.stringify(spec));
}

/** Valid JSON that is no Swagger 2.0 document: reading works, validating fails. */
function writeInvalidSpec() {
  fs.writeFileSync(source.file, JSON.stringify({ swagger: "1.2", apis: [] }));
}

async function operationPaths(loaded: Promise<{ model: { operations: { path: string }[] } }>) {
  return (await loaded).model.operations.map((operation) => operation.path);
}

async function searchHits(search: typeof searchDocs, word: string): Promise<number> {
  return (await search({ q: word, language: "en", sets: ["dealwatch"] })).total;
}

let admin: Pick<CurrentUser, "id" | "username">;
let adminToken = "";
let subscriberToken = "";

beforeAll(async () => {
  await seedDemoAccounts();
  admin = (await findUserByEmail("admin@demo.test"))!;
  adminToken = (await createSession(admin.id, "econ")).token;
  subscriberToken = (await createSession((await findUserByEmail("macro@demo.test"))!.id, "econ")).token;
});

afterAll(() => {
  delete process.env.DOCS_SPEC_SOURCES;
  fs.rmSync(source.dir, { recursive: true, force: true });
});

describe("queues", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  const ago = (ms: number) => nowIso(new Date(now.getTime() - ms));
  const minute = 60_000;
  const hour = 60 * minute;

  async function insertJob(kind: string, status: string, runAt: string, finishedAt: string | null = null, lockedBy: string | null = null) {
    await db
      .insertInto("jobs")
      .values({
        id: newId(),
        kind,
        payload: "{}",
        status,
        run_at: runAt,
        max_attempts: 3,
        concurrency_key: null,
        unique_key: null,
        locked_by: lockedBy,
        locked_until: lockedBy ? nowIso(new Date(now.getTime() + minute)) : null,
        last_error: status === "failed" ? "boom" : null,
        created_at: ago(3 * 24 * hour),
        updated_at: finishedAt ?? ago(0),
        finished_at: finishedAt,
      })
      .execute();
  }

  beforeAll(async () => {
    await insertJob("test-alpha", "queued", ago(5 * minute));
    await insertJob("test-alpha", "queued", ago(minute));
    await insertJob("test-alpha", "queued", nowIso(new Date(now.getTime() + hour)));
    await insertJob("test-alpha", "running", ago(10 * minute), null, "test-worker-1");
    await insertJob("test-alpha", "failed", ago(3 * hour), ago(2 * hour));
    await insertJob("test-alpha", "failed", ago(3 * 24 * hour), ago(2 * 24 * hour));
    await insertJob("test-alpha", "done", ago(hour), ago(hour));
    await insertJob("test-beta", "queued", nowIso(new Date(now.getTime() + hour)));
    await insertJob("test-gamma", "done", ago(hour), ago(hour));
  });

  it("counts queued, running and failed-in-24-hours jobs and the oldest due wait per kind", async () => {
    const rows = await countQueues(now);
    expect(rows.find((row) => row.kind === "test-alpha")).toEqual({
      kind: "test-alpha",
      queued: 3,
      running: 1,
      failed: 1,
      oldestWaitingMs: 5 * minute,
    });
    // Queued for later is not waiting; a kind with only finished jobs has nothing to show.
    expect(rows.find((row) => row.kind === "test-beta")).toEqual({
      kind: "test-beta",
      queued: 1,
      running: 0,
      failed: 0,
      oldestWaitingMs: null,
    });
    expect(rows.find((row) => row.kind === "test-gamma")).toBeUndefined();
  });

  it("lists every registered job kind on the dashboard, with nothing queued too", async () => {
    const { queues } = await loadAdminDashboard(engineJobKinds, now);
    const kinds = queues.map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(["run-dump", "purge-files", "advance-catalog", "test-alpha", "test-beta"]));
    expect(kinds).toEqual([...kinds].sort());
    expect(queues.find((row) => row.kind === "purge-files")).toMatchObject({ queued: 0, running: 0, failed: 0 });
  });
});

describe("instances", () => {
  it("lists web servers and workers with their running jobs, marks stale ones and drops those gone for a day", async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms);
    const web = { id: newInstanceId(), kind: "web" as const, startedAt: nowIso(at(60_000)) };
    const worker = { id: "other-host:1234:abcdef12", kind: "worker" as const, startedAt: nowIso(at(60_000)) };
    const stale = { id: "gone-host:99:deadbeef", kind: "worker" as const, startedAt: nowIso(at(3_600_000)) };
    const ancient = { id: "ancient-host:1:00000000", kind: "web" as const, startedAt: nowIso(at(instanceKeptMs + 3_600_000)) };
    await recordHeartbeat(ancient, at(instanceKeptMs + 60_000));
    await recordHeartbeat(stale, at(staleAfterMs + heartbeatEveryMs));
    await recordHeartbeat(web, at(2_000));
    await recordHeartbeat(worker, at(1_000));
    await db
      .insertInto("jobs")
      .values({
        id: newId(),
        kind: "test-held",
        payload: "{}",
        status: "running",
        run_at: nowIso(now),
        max_attempts: 1,
        concurrency_key: null,
        unique_key: null,
        locked_by: worker.id,
        locked_until: nowIso(new Date(now.getTime() + 60_000)),
        last_error: null,
        created_at: nowIso(now),
        updated_at: nowIso(now),
        finished_at: null,
      })
      .execute();

    const instances = await listInstances(now);
    const byId = new Map(instances.map((instance) => [instance.id, instance]));
    expect(byId.get(web.id)).toMatchObject({ kind: "web", state: "live", jobsRunning: null, here: true, seenAgoMs: 2_000 });
    expect(byId.get(worker.id)).toMatchObject({ kind: "worker", state: "live", jobsRunning: 1, here: false });
    expect(byId.get(stale.id)).toMatchObject({ state: "stale", jobsRunning: 0 });
    expect(byId.has(ancient.id)).toBe(false);
    expect(await db.selectFrom("instances").select("id").where("id", "=", ancient.id).execute()).toEqual([]);
    expect(instances.findIndex((instance) => instance.kind === "worker")).toBeGreaterThan(
      instances.findIndex((instance) => instance.kind === "web"),
    );

    expect(await workerAlive(now)).toBe(true);
    await removeInstance(worker.id);
    await removeInstance(stale.id);
    expect(await workerAlive(now)).toBe(false);
    await removeInstance(web.id);
  });
});

describe("specification reload", () => {
  it("keeps serving the old specification when the new one fails, and says so", async () => {
    writeSpec("aardvark");
    const before = await getDocSetData("dealwatch");
    expect(await searchHits(searchDocs, "aardvark")).toBeGreaterThan(0);

    writeInvalidSpec();
    const [outcome] = await reloadSpecifications(admin, "dealwatch");
    expect(outcome).toEqual({ set: "dealwatch", outcome: "failed", reason: expect.stringContaining("Not a Swagger 2.0 document") });
    expect(await getDocSetData("dealwatch")).toBe(before);
    expect(await searchHits(searchDocs, "aardvark")).toBeGreaterThan(0);
    expect((await readSpecVersions()).find((version) => version.set === "dealwatch")).toBeUndefined();
    expect((await recentAdminActions(1))[0]).toMatchObject({
      admin: admin.username,
      action: "spec-reload",
      target: "dealwatch",
      details: { outcome: "failed" },
    });
  });

  it("swaps in a valid specification, moves the stamp and rebuilds the search index", async () => {
    writeSpec("bandicoot");
    const [outcome] = await reloadSpecifications(admin, "dealwatch");
    expect(outcome).toEqual({ set: "dealwatch", outcome: "reloaded", version: 1 });
    expect(await operationPaths(getDocSetData("dealwatch"))).toEqual(["/bandicoot"]);
    expect(await searchHits(searchDocs, "bandicoot")).toBeGreaterThan(0);
    expect(await searchHits(searchDocs, "aardvark")).toBe(0);
    expect((await readSpecVersions()).find((version) => version.set === "dealwatch")).toMatchObject({
      version: 1,
      reloadedBy: admin.username,
    });
    expect((await recentAdminActions(1))[0]).toMatchObject({
      action: "spec-reload",
      target: "dealwatch",
      details: { outcome: "reloaded" },
    });
    const { specifications } = await loadAdminDashboard(engineJobKinds);
    expect(specifications.find((spec) => spec.set === "dealwatch")).toMatchObject({
      version: 1,
      loadedHere: 1,
      reloadedBy: admin.username,
      chinese: { untranslated: expect.any(Number), stale: expect.any(Number) },
    });
  });

  it("reloads every set with all, each in the audit trail", async () => {
    const outcomes = await reloadSpecifications(admin, "all");
    expect(outcomes).toHaveLength(8);
    expect(outcomes.every((outcome) => outcome.outcome === "reloaded")).toBe(true);
    expect(outcomes.find((outcome) => outcome.set === "dealwatch")).toMatchObject({ version: 2 });
    const audit = await recentAdminActions(8);
    expect(audit.map((entry) => entry.target).sort()).toEqual(outcomes.map((outcome) => outcome.set).sort());
  });

  it("reaches every instance: a reload here is seen by another process, and another's reload here", async () => {
    // A second instance: the same modules loaded afresh, with their own caches and their own connection.
    vi.resetModules();
    const other = {
      routing: await import("~/modules/docs/routing-data.server"),
      search: await import("~/modules/docs/search.server"),
      versions: await import("~/modules/docs/spec-versions.server"),
      database: (await import("~/modules/db/db.server")).database,
    };
    try {
      await other.versions.syncSpecVersions();
      expect(await operationPaths(other.routing.getDocSetData("dealwatch"))).toEqual(["/bandicoot"]);
      expect(other.routing.loadedSpecVersions().get("dealwatch")).toBe(2);

      // Reloaded here: the other instance keeps serving its loaded set until it looks at the stamps.
      writeSpec("capybara");
      expect(await reloadSpecifications(admin, "dealwatch")).toEqual([{ set: "dealwatch", outcome: "reloaded", version: 3 }]);
      expect(await operationPaths(other.routing.getDocSetData("dealwatch"))).toEqual(["/bandicoot"]);
      const stopFollowing = other.versions.followSpecVersions(100);
      try {
        await expect.poll(() => operationPaths(other.routing.getDocSetData("dealwatch"))).toEqual(["/capybara"]);
      } finally {
        await stopFollowing();
      }
      expect(other.routing.loadedSpecVersions().get("dealwatch")).toBe(3);
      expect(await searchHits(other.search.searchDocs, "capybara")).toBeGreaterThan(0);
      expect(await searchHits(other.search.searchDocs, "bandicoot")).toBe(0);

      // Reloaded by the other instance, as its admin action would: this process picks it up, search index too.
      writeSpec("dugong");
      await other.routing.reloadSpec("dealwatch", () => other.versions.stampSpecReload("dealwatch", "other-admin"));
      expect(await operationPaths(getDocSetData("dealwatch"))).toEqual(["/capybara"]);
      await syncSpecVersions();
      expect(await operationPaths(getDocSetData("dealwatch"))).toEqual(["/dugong"]);
      expect(await searchHits(searchDocs, "dugong")).toBeGreaterThan(0);
      expect(await searchHits(searchDocs, "capybara")).toBe(0);

      // A stamp moved elsewhere whose specification this process cannot load: the loaded one stays.
      writeInvalidSpec();
      const served = await getDocSetData("dealwatch");
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await stampSpecReload("dealwatch", "other-admin");
      await syncSpecVersions();
      expect(await getDocSetData("dealwatch")).toBe(served);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("cannot be loaded here"));
      warn.mockRestore();
    } finally {
      await other.database.db.destroy();
    }
  });
});

describe("the JSON API", () => {
  async function call(method: "GET" | "POST", body?: unknown, token?: string): Promise<Response> {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const request = new Request("http://localhost/api/admin/dashboard", {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    try {
      const handler = method === "GET" ? dashboardApiLoader : dashboardApiAction;
      return await handler({ request, params: {}, context: { cspNonce: "" } });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("answers 401 without a session and 403 to a subscriber", async () => {
    expect((await call("GET")).status).toBe(401);
    expect((await call("POST", { set: "all" })).status).toBe(401);
    expect((await call("GET", undefined, subscriberToken)).status).toBe(403);
    expect((await call("POST", { set: "all" }, subscriberToken)).status).toBe(403);
  });

  it("shows an admin the dashboard and refuses an unknown set", async () => {
    const response = await call("GET", undefined, adminToken);
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual(["generatedAt", "instances", "queues", "specifications", "audit"]);
    const invalid = await call("POST", { set: "api-v2" }, adminToken);
    expect([invalid.status, await invalid.json()]).toEqual([422, { errors: { set: "Please choose one of the listed options." } }]);
  });

  it("reloads, or answers 502 with SPEC.md's message when the specification fails", async () => {
    writeInvalidSpec();
    const failed = await call("POST", { set: "dealwatch" }, adminToken);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: "An error occured while reloading the Swagger Specifications for Deal Watch API.",
      reloaded: [],
      failed: [
        {
          set: "dealwatch",
          error: "An error occured while reloading the Swagger Specifications for Deal Watch API.",
          reason: expect.stringContaining("Not a Swagger 2.0 document"),
        },
      ],
    });
    writeSpec("echidna");
    const reloaded = await call("POST", { set: "dealwatch" }, adminToken);
    expect([reloaded.status, await reloaded.json()]).toEqual([200, { reloaded: [{ set: "dealwatch", version: 6 }], failed: [] }]);
  });
});
