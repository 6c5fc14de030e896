import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "3000";
  process.env.CATALOG_COMPANIES = "10";
  process.env.CATALOG_DOCUMENTS = "10";
});

import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { cancelDump, createDump } from "~/modules/feeds/dumps.server";
import { startEngine } from "~/modules/server/engine.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { abandonedMessage } from "~/modules/jobs/queue.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { waitFor } from "../support/wait";
import { insertMacroSubscriber } from "../support/subscribers";

let userId: string;
const children: ChildProcess[] = [];
let worker: Worker | undefined;

beforeAll(async () => {
  await prepareCatalog();
  userId = (await insertMacroSubscriber({ label: "restart" })).id;
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await worker?.stop();
});

function spawnWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/worker-process.ts")], {
    env: { ...process.env, TEST_WORKER_LEASE_MS: "1000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("worker ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

const dumpRow = (id: string) => db.selectFrom("dumps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a worker killed mid-dump", () => {
  it("leaves no file presented as done, and the dump runs again to a complete file", async () => {
    // The whole catalog, with every vintage, as XML: long enough to be caught half-way.
    const criteria = {};
    const total = await getCatalog().countSeries(criteria);
    const id = await createDump(userId, "macroeconomic", {
      name: "Interrupted",
      criteria,
      options: outputOptionsSchema.parse({ format: "xml", vintages: true }),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
    });
    const child = await spawnWorker();
    const midway = await waitFor(
      () => dumpRow(id),
      (row) => row.status === "running" && row.processed > 0,
      { timeoutMs: 60_000, everyMs: 10 },
    );
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const afterKill = await dumpRow(id);
    expect(midway.processed).toBeLessThan(total);
    expect(afterKill.status).toBe("running");
    expect(await db.selectFrom("files").select("id").where("dump_id", "=", id).execute()).toEqual([]);

    worker = startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
    const done = await waitFor(
      () => dumpRow(id),
      (row) => row.status === "completed" || row.status === "failed",
      { timeoutMs: 60_000 },
    );
    expect(done).toMatchObject({ status: "completed", processed: total, total });
    // The job is closed just after the dump it ran is marked completed.
    const jobRow = () => db.selectFrom("jobs").selectAll().where("id", "=", done.job_id!).executeTakeFirstOrThrow();
    const job = await waitFor(jobRow, (row) => row.status !== "running", { timeoutMs: 10_000 });
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    const [file] = await db.selectFrom("files").selectAll().where("dump_id", "=", id).execute();
    const xml = fs.readFileSync(absoluteFilePath(file!.path), "utf8");
    expect(xml.match(/<series>\n\s+<id>/g)).toHaveLength(total);
    expect(xml.trim().endsWith("</dump>")).toBe(true);
    expect(fs.readdirSync(path.dirname(absoluteFilePath(file!.path))).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("stops a running dump at the next page when it is cancelled, leaving no file", async () => {
    worker ??= startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
    const id = await createDump(userId, "macroeconomic", {
      name: "Cancelled while running",
      criteria: {},
      options: outputOptionsSchema.parse({ format: "xml", vintages: true }),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
    });
    await waitFor(
      () => dumpRow(id),
      (row) => row.status === "running" && row.processed > 0,
      { timeoutMs: 60_000, everyMs: 10 },
    );
    expect(await cancelDump(id)).toBe(true);
    const { job_id } = await dumpRow(id);
    const job = await waitFor(
      () => db.selectFrom("jobs").selectAll().where("id", "=", job_id!).executeTakeFirstOrThrow(),
      (row) => row.status !== "running",
      { timeoutMs: 5_000 },
    );
    expect(job.status).toBe("cancelled");
    const cancelled = await dumpRow(id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.processed).toBeLessThan(3000);
    expect(await db.selectFrom("files").select("id").where("dump_id", "=", id).execute()).toEqual([]);
    const folder = path.dirname(absoluteFilePath(`files/${userId}/${id}.xml`));
    expect(fs.readdirSync(folder).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it("ends as failed with the reason once the dump has used its attempts", async () => {
    const id = await createDump(userId, "macroeconomic", {
      name: "Given up",
      criteria: { database: (await getCatalog().econLayout())[0]!.id },
      options: outputOptionsSchema.parse({}),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
    });
    const { job_id } = await dumpRow(id);
    await db
      .updateTable("jobs")
      .set({ status: "running", attempts: 3, locked_by: "a-worker-that-died", locked_until: nowIso(new Date(Date.now() - 1000)) })
      .where("id", "=", job_id!)
      .execute();
    await db.updateTable("dumps").set({ status: "running" }).where("id", "=", id).execute();
    worker ??= startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
    const failed = await waitFor(
      () => dumpRow(id),
      (row) => row.status === "failed",
      { timeoutMs: 60_000 },
    );
    expect(failed.error).toBe(abandonedMessage);
    expect(await db.selectFrom("files").select("id").where("dump_id", "=", id).execute()).toEqual([]);
  });
});
