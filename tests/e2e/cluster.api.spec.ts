import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { openDatabase, type DatabaseHandle } from "../../app/modules/db/database.server";
import { freePort } from "../support/free-port";
import { test } from "./support/test";

/**
 * `npm start` on every core: scripts/serve.mjs with WEB_CONCURRENCY=2 on a database of its own. The instances
 * table (each process's heartbeat) tells which processes run and which one holds the embedded worker. @no-db: it
 * never touches the shared e2e server, so it runs once (tests/e2e/support/run-e2e.mjs).
 */
test.describe.configure({ mode: "serial" });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-cluster-"));
let primary: ChildProcess;
let output = "";
let baseURL = "";
let database: DatabaseHandle;

function clusterEnv(port: number, webConcurrency: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "cluster-session-secret-that-is-long-enough",
    ENCRYPTION_KEY: "cluster-encryption-key-apart-from-the-secret",
    WEB_CONCURRENCY: webConcurrency,
    DEMO_DATA: "1",
    CATALOG_SERIES: "100",
    CATALOG_COMPANIES: "50",
    CATALOG_DOCUMENTS: "20",
  };
}

interface ProcessRow {
  pid: string;
  kind: string;
}

/** The processes that said they are alive: the pid is the second part of an instance id (host:pid:suffix). */
async function liveProcesses(): Promise<ProcessRow[]> {
  const rows = await database.db.selectFrom("instances").select(["id", "kind"]).orderBy("kind").execute();
  return rows.map((row) => ({ pid: row.id.split(":").at(-2)!, kind: row.kind }));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ["scripts/serve.mjs"], { env: clusterEnv(port, "2"), stdio: ["ignore", "pipe", "pipe"] });
  primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect.poll(() => output, { timeout: 90_000, message: "the primary announces both processes" }).toContain("(2 web processes)");
  database = openDatabase({ file: path.join(dataDir, "portal.sqlite") });
});

test.afterAll(async () => {
  // The web processes leave when the primary's channel closes (node:cluster), so killing it is enough.
  if (primary.exitCode === null && primary.signalCode === null) primary.kill("SIGKILL");
  await database?.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("two web processes share the port; only the first runs the embedded worker", { tag: "@no-db" }, async () => {
  await expect.poll(async () => (await liveProcesses()).filter((row) => row.kind === "web").length, { timeout: 20_000 }).toBe(2);
  const rows = await liveProcesses();
  const web = rows.filter((row) => row.kind === "web").map((row) => row.pid);
  const workers = rows.filter((row) => row.kind === "worker").map((row) => row.pid);
  expect(new Set(web).size).toBe(2);
  expect(web).not.toContain(String(primary.pid));
  expect(workers).toHaveLength(1);
  expect(web).toContain(workers[0]);
});

test("a session started on one process goes on through the other", { tag: "@no-db" }, async ({ request }) => {
  const signIn = await request.post(`${baseURL}/login/econ`, {
    form: { email: "macro@demo.test", password: "demo-password", redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const cookie = signIn.headersArray().find((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith("token="));
  expect(cookie).toBeDefined();
  const token = cookie!.value.slice("token=".length).split(";")[0]!;
  // Each fetch opens its own connection, and the primary hands connections to its processes in turn.
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => fetch(`${baseURL}/dashboard`, { headers: { Cookie: `token=${token}` }, redirect: "manual" })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
});

test("a process that dies is forked again in its role, while the other keeps answering", { tag: "@no-db" }, async () => {
  const before = await liveProcesses();
  const workerPid = before.find((row) => row.kind === "worker")!.pid;
  process.kill(Number(workerPid), "SIGKILL");
  const healthz = () =>
    fetch(`${baseURL}/healthz`).then(
      (answer) => answer.status,
      () => 0,
    );
  await expect.poll(healthz, { timeout: 5_000, message: "the other process answers at once" }).toBe(200);
  await expect
    .poll(
      async () => {
        const rows = await liveProcesses();
        const worker = rows.find((row) => row.kind === "worker" && row.pid !== workerPid);
        return Boolean(worker && rows.some((row) => row.kind === "web" && row.pid === worker.pid));
      },
      { timeout: 60_000, message: "a new first process with the embedded worker" },
    )
    .toBe(true);
  expect(output).toContain(`Web process ${workerPid} stopped (SIGKILL); starting another.`);
  expect(await healthz()).toBe(200);
});

test("SIGTERM to the primary stops every process", { tag: "@no-db" }, async () => {
  const pids = (await liveProcesses()).filter((row) => row.kind === "web").map((row) => Number(row.pid));
  const exited = once(primary, "exit");
  primary.kill("SIGTERM");
  const [code] = (await exited) as [number | null];
  expect(code).toBe(0);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  expect(pids.filter(alive)).toEqual([]);
});

test("a WEB_CONCURRENCY that is not a count stops the start with a message", { tag: "@no-db" }, async () => {
  const result = spawnSync(process.execPath, ["scripts/serve.mjs"], { env: clusterEnv(await freePort(), "many"), encoding: "utf8" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('WEB_CONCURRENCY must be a whole number from 1 to 64 (got "many")');
});
