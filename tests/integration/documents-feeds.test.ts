import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "20";
  process.env.CATALOG_COMPANIES = "10";
  process.env.CATALOG_DOCUMENTS = "1000";
});

import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { startEngine } from "~/modules/server/engine.server";
import { queueDueFeeds, queueFeedRun, runFeedJob } from "~/modules/feeds/feeds.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { setFeedActive, storeFeed } from "~/modules/feeds/submission.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { documentsFeedSchema, documentsFormValues } from "~/modules/products/documents/documents-form";
import { documentsProduct } from "~/modules/products/documents/documents.server";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

/**
 * Documents feeds through the real database and worker (SPEC.md sections 4 and 9): each run delivers the
 * documents new or changed since the last successful run, with their content, never twice; an inactive feed
 * is not queued; a failed run keeps the feed's place; a worker killed mid-run loses and duplicates nothing.
 */

interface DeliveredFile {
  feed: { id: string; since: string };
  documents: { id: string; title: string; content: string; updatedAt: string }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
let ownerId: string;
let owner: CurrentUser;
let formats: string[];
let worker: Worker | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  await prepareCatalog();
  ownerId = (await insertMacroSubscriber({ label: "documents-feeds" })).id;
  owner = (await loadCurrentUser(ownerId, "econ"))!;
  await db
    .insertInto("subscriptions")
    .values({
      id: newId(),
      user_id: ownerId,
      product: "documents",
      starts_at: nowIso(new Date(Date.now() - 30 * DAY_MS)),
      ends_at: nowIso(new Date(Date.now() + 30 * DAY_MS)),
      databases: null,
    })
    .execute();
  formats = (await documentsProduct.loadOptions({ userId: ownerId })).formats.map((option) => option.value);
}, 120_000);

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  vi.restoreAllMocks();
});

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

/** A documents feed stored as the form and the API store it; by default every document matches. */
async function documentsFeed(body: Record<string, unknown> = {}): Promise<string> {
  const values = documentsFeedSchema.parse(documentsFormValues({ name: "Documents feed", format: formats, frequency: "15", ...body }));
  return (await storeFeed(documentsProduct, owner, ownerId, values)).id;
}

const feedRow = (id: string) => db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const runsOf = (feedId: string) => db.selectFrom("feed_runs").selectAll().where("feed_id", "=", feedId).orderBy("started_at").execute();
const filesOf = (runId: string) => db.selectFrom("files").selectAll().where("feed_run_id", "=", runId).execute();

/** Moves the catalog on at a moment after `after` (the last run's start), and revises one existing document then too. */
async function advanceAfter(after: string, revise?: string): Promise<{ newIds: string[]; moment: string }> {
  const moment = new Date(Math.max(Date.now(), Date.parse(after) + 1));
  const { newDocuments } = await getCatalog().advance(moment);
  if (revise) await db.updateTable("catalog_documents").set({ updated_at: moment.toISOString() }).where("id", "=", revise).execute();
  return { newIds: newDocuments, moment: moment.toISOString() };
}

/** Queues a run of the feed once the job of its last run has closed (a feed has one queued or running job at a time). */
async function queueRun(feedId: string): Promise<string> {
  return (await waitFor(
    () => queueFeedRun(feedId),
    (jobId) => jobId !== null,
  ))!;
}

/** Queues a run and waits until the feed has `count` finished runs; answers the last. */
async function runOnce(feedId: string, count: number) {
  await queueRun(feedId);
  const runs = await waitFor(
    () => runsOf(feedId),
    (rows) => rows.length >= count && rows.slice(0, count).every((row) => row.status !== "running"),
    { timeoutMs: 30_000 },
  );
  return runs[count - 1]!;
}

async function deliveredFile(runId: string): Promise<DeliveredFile> {
  const [file] = await filesOf(runId);
  expect(file, `a file for run ${runId}`).toBeDefined();
  return JSON.parse(fs.readFileSync(absoluteFilePath(file!.path), "utf8")) as DeliveredFile;
}

function expectContent(file: DeliveredFile) {
  for (const document of file.documents) {
    expect(typeof document.content).toBe("string");
    expect(document.content.length).toBeGreaterThan(50);
  }
}

/** Two existing catalog documents no test revised yet. */
async function untouchedDocuments(count: number): Promise<string[]> {
  const rows = await db.selectFrom("catalog_documents").select("id").orderBy("id", "desc").limit(400).execute();
  const revised = new Set(usedForRevision);
  const ids = rows.map((row) => row.id).filter((id) => !revised.has(id));
  const chosen = ids.slice(0, count);
  usedForRevision.push(...chosen);
  return chosen;
}
const usedForRevision: string[] = [];

describe("documents feed runs", () => {
  it(
    "deliver on each run only the documents new or changed since the last, with their content, never twice",
    { timeout: 60_000 },
    async () => {
      const feedId = await documentsFeed();
      worker = startEngine({ pollMs: 50, concurrency: 1, retryBaseMs: 50 });
      const [firstRevised, secondRevised] = await untouchedDocuments(2);

      // Nothing changed since the feed was created: no file.
      const empty = await runOnce(feedId, 1);
      expect(empty).toMatchObject({ status: "unchanged", items: 0 });
      expect(await filesOf(empty.id)).toEqual([]);

      const first = await advanceAfter(empty.started_at, firstRevised);
      expect(first.newIds.length).toBeGreaterThan(0);
      const firstRun = await runOnce(feedId, 2);
      expect(firstRun).toMatchObject({ status: "delivered", since: empty.started_at });
      const firstFile = await deliveredFile(firstRun.id);
      expect(firstFile.feed).toMatchObject({ id: feedId, since: empty.started_at });
      expect(firstFile.documents.map((document) => document.id).sort()).toEqual([...first.newIds, firstRevised!].sort());
      expect(firstRun.items).toBe(firstFile.documents.length);
      expectContent(firstFile);
      const revisedFirst = firstFile.documents.find((document) => document.id === firstRevised)!;
      expect(revisedFirst.content).toContain(`Revised on ${first.moment.slice(0, 10)}`);

      const second = await advanceAfter(firstRun.started_at, secondRevised);
      const secondRun = await runOnce(feedId, 3);
      expect(secondRun).toMatchObject({ status: "delivered", since: firstRun.started_at });
      const secondFile = await deliveredFile(secondRun.id);
      const secondIds = secondFile.documents.map((document) => document.id);
      expect(secondIds.sort()).toEqual([...second.newIds, secondRevised!].sort());
      expect(secondIds.some((id) => firstFile.documents.some((document) => document.id === id))).toBe(false);
      expectContent(secondFile);

      // Nothing new since: no file, and the feed's place moves to this run.
      const third = await runOnce(feedId, 4);
      expect(third).toMatchObject({ status: "unchanged", items: 0, since: secondRun.started_at });
      expect(await feedRow(feedId)).toMatchObject({ last_run_status: "unchanged", last_success_at: third.started_at });
    },
  );

  it("are not queued for an inactive feed, and are again once it is active", async () => {
    const active = await documentsFeed({ name: "Due and active" });
    const inactive = await documentsFeed({ name: "Due but inactive", active: false });
    expect(await feedRow(inactive)).toMatchObject({ status: "inactive", next_run_at: null });
    const past = nowIso(new Date(Date.now() - 60_000));
    // Both due a minute ago: only the status keeps the inactive one out.
    await db.updateTable("feeds").set({ next_run_at: past }).where("id", "in", [active, inactive]).execute();
    const jobsFor = async (feedId: string) =>
      (await db.selectFrom("jobs").select(["id", "payload"]).where("kind", "=", runFeedJob).execute()).filter((job) =>
        String(job.payload).includes(feedId),
      );

    expect(await queueDueFeeds()).toBeGreaterThanOrEqual(1);
    expect(await jobsFor(active)).toHaveLength(1);
    expect(await jobsFor(inactive)).toHaveLength(0);
    // The active feed's next run moved one period (15 minutes) on.
    const moved = Date.parse((await feedRow(active)).next_run_at!);
    expect(moved).toBeGreaterThan(Date.now());
    expect(moved - Date.parse(past)).toBeLessThanOrEqual(16 * 60_000);

    // Deactivating unschedules; activating schedules one period from now, then it is queued when due.
    expect(await setFeedActive(documentsProduct, owner, { ...(await feedRow(active)), username: "" }, false)).toBe("done");
    expect(await feedRow(active)).toMatchObject({ status: "inactive", next_run_at: null });
    expect(await setFeedActive(documentsProduct, owner, { ...(await feedRow(inactive)), username: "" }, true)).toBe("done");
    const activated = await feedRow(inactive);
    expect(activated.status).toBe("active");
    const nextRun = Date.parse(activated.next_run_at!);
    expect(nextRun - Date.now()).toBeGreaterThan(10 * 60_000);
    await queueDueFeeds(new Date(nextRun + 1000));
    expect(await jobsFor(inactive)).toHaveLength(1);
    expect(await jobsFor(active)).toHaveLength(1);

    // These queued runs are not this test's to run.
    await db.deleteFrom("jobs").where("kind", "=", runFeedJob).where("status", "=", "queued").execute();
  });

  it("keep the feed's place when a run fails: the next attempt delivers the same documents", { timeout: 60_000 }, async () => {
    const feedId = await documentsFeed({ name: "Fails once" });
    const { created_at } = await feedRow(feedId);
    const [revised] = await untouchedDocuments(1);
    const change = await advanceAfter(created_at, revised);

    const catalog = getCatalog();
    const original = catalog.changedDocuments.bind(catalog);
    let failures = 0;
    vi.spyOn(catalog, "changedDocuments").mockImplementation(async (criteria, since, page) => {
      if (since === created_at && failures === 0) {
        failures++;
        throw new Error("The catalog is unavailable");
      }
      return original(criteria, since, page);
    });
    worker = startEngine({ pollMs: 50, concurrency: 1, retryBaseMs: 50 });
    await queueFeedRun(feedId);
    const runs = await waitFor(
      () => runsOf(feedId),
      (rows) => rows.length === 2 && rows[1]!.status !== "running",
      { timeoutMs: 30_000 },
    );
    expect(failures).toBe(1);
    expect(runs.map((run) => [run.status, run.since])).toEqual([
      ["failed", created_at],
      ["delivered", created_at],
    ]);
    expect(runs[0]!.error).toContain("The catalog is unavailable");
    expect(await filesOf(runs[0]!.id)).toEqual([]);
    const file = await deliveredFile(runs[1]!.id);
    expect(file.documents.map((document) => document.id).sort()).toEqual([...change.newIds, revised!].sort());
    expect(await feedRow(feedId)).toMatchObject({ last_run_status: "delivered", last_success_at: runs[1]!.started_at });
  });

  // A run whose file is still to be uploaded by FTP moves the feed on only once the upload succeeds.
  it("keep the feed's place when the FTP delivery fails: the next run delivers the same documents again", { timeout: 60_000 }, async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const feedId = await documentsFeed({
      name: "FTP down",
      deliveryMethod: "ftp",
      ftpHost: "127.0.0.1",
      ftpPort: port,
      ftpUsername: "feeds",
      ftpPassword: "secret",
    });
    const { created_at } = await feedRow(feedId);
    const change = await advanceAfter(created_at);
    worker = startEngine({ pollMs: 50, concurrency: 1, retryBaseMs: 20 });

    const first = await runOnce(feedId, 1);
    const delivery = await waitFor(
      () => db.selectFrom("deliveries").selectAll().where("feed_run_id", "=", first.id).where("channel", "=", "ftp").execute(),
      (rows) => rows.length === 1 && rows[0]!.status === "failed",
      { timeoutMs: 30_000 },
    );
    expect(delivery[0]!.status).toBe("failed");
    expect((await feedRow(feedId)).last_success_at).toBeNull();

    const second = await runOnce(feedId, 2);
    expect(second.since).toBe(created_at);
    expect((await deliveredFile(second.id)).documents.map((document) => document.id)).toEqual(expect.arrayContaining(change.newIds));
  });
});

describe("a worker killed during a documents feed run", () => {
  it(
    "loses nothing and duplicates nothing: the run is done again by the next worker, then the feed goes on",
    { timeout: 90_000 },
    async () => {
      // Since long ago, the first run delivers every document: several pages, so the worker is caught between two.
      const holdSince = "2001-01-01T00:00:00.000Z";
      const feedId = await documentsFeed({ name: "Interrupted" });
      await db.updateTable("feeds").set({ created_at: holdSince }).where("id", "=", feedId).execute();
      const expected = (await getCatalog().changedDocuments({ format: formats }, holdSince, { afterId: null, limit: 100_000 })).map(
        (document) => document.id,
      );
      expect(expected.length).toBeGreaterThan(400);

      const child = await spawnHeldWorker(holdSince);
      await queueFeedRun(feedId);
      await child.midRun;
      const [running] = await runsOf(feedId);
      expect(running).toMatchObject({ status: "running", since: holdSince });
      child.process.kill("SIGKILL");
      await new Promise((resolve) => child.process.once("exit", resolve));
      expect(await filesOf(running!.id)).toEqual([]);
      expect((await feedRow(feedId)).last_success_at).toBeNull();

      worker = startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
      const runs = await waitFor(
        () => runsOf(feedId),
        (rows) => rows.some((row) => row.status === "delivered"),
        { timeoutMs: 30_000 },
      );
      const done = runs.find((row) => row.status === "delivered")!;
      expect(done.since).toBe(holdSince);
      expect(await db.selectFrom("files").select("id").where("feed_run_id", "=", running!.id).execute()).toEqual([]);
      const file = await deliveredFile(done.id);
      const ids = file.documents.map((document) => document.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual([...expected].sort());
      expect(done.items).toBe(expected.length);
      expectContent(file);
      expect(await feedRow(feedId)).toMatchObject({ last_success_at: done.started_at });
      // The delivered file is whole, and nothing of the killed run is left: its row is closed as failed and its
      // half-written file removed.
      const [doneFile] = await filesOf(done.id);
      const folder = path.dirname(absoluteFilePath(doneFile!.path));
      expect(fs.readdirSync(folder).filter((name) => name.startsWith(`${running!.id}.`))).toEqual([]);
      expect(runs.find((row) => row.id === running!.id)).toMatchObject({ status: "failed" });

      // The next run delivers only what changed after, none of the first run's documents again.
      const change = await advanceAfter(done.started_at);
      await queueRun(feedId);
      const after = await waitFor(
        () => runsOf(feedId),
        (rows) => rows.filter((row) => row.status === "delivered").length === 2,
        { timeoutMs: 30_000 },
      );
      const next = after.filter((row) => row.status === "delivered")[1]!;
      expect(next.since).toBe(done.started_at);
      expect((await deliveredFile(next.id)).documents.map((document) => document.id).sort()).toEqual([...change.newIds].sort());
    },
  );
});

/**
 * A worker in its own process whose catalog stops for good on the second page of the run reading changes
 * since `holdSince`, and says so: the test kills it there, mid-run, with the first page written.
 */
async function spawnHeldWorker(holdSince: string): Promise<{ process: ChildProcess; midRun: Promise<void> }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "held-worker-"));
  const script = path.join(folder, "held-worker.ts");
  fs.writeFileSync(
    script,
    `import { getCatalog } from ${JSON.stringify(path.resolve("app/modules/catalog/source.server.ts"))};
import { startEngine } from ${JSON.stringify(path.resolve("app/modules/server/engine.server.ts"))};
const catalog = getCatalog();
const original = catalog.changedDocuments.bind(catalog);
let calls = 0;
catalog.changedDocuments = async (criteria, since, page) => {
  if (since === process.env.HOLD_SINCE && ++calls === 2) {
    process.stdout.write("mid-run\\n");
    return new Promise(() => undefined);
  }
  return original(criteria, since, page);
};
startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
process.stdout.write("worker ready\\n");
`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, HOLD_SINCE: holdSince },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let output = "";
  let midRun!: () => void;
  const reachedMidRun = new Promise<void>((resolve) => (midRun = resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("worker ready")) resolve();
      if (output.includes("mid-run")) midRun();
    });
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
  await ready;
  child.once("exit", () => fs.rmSync(folder, { recursive: true, force: true }));
  return { process: child, midRun: reachedMidRun };
}
