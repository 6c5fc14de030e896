import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../../app/modules/db/database.server";
import { startPostgresCluster } from "../../support/postgres-cluster";
import { startRedisServer } from "../../support/redis";
import { specFile, startPortalProcess, type PortalProcess } from "./portal-process";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

/**
 * The multi-instance deployment of README's "Running at scale", started from nothing for one test file: a
 * throwaway PostgreSQL cluster, two web instances (WORKER=off) and two workers on it with one shared DATA_DIR,
 * behind a round-robin proxy. Whatever started is stopped by the teardown, even when a later step failed.
 */

export class Teardown {
  private readonly steps: (() => unknown)[] = [];

  defer(step: () => unknown): void {
    this.steps.unshift(step);
  }

  /** Runs every step, latest first, and reports the first failure only after all of them ran. */
  async run(): Promise<void> {
    let failure: unknown = null;
    for (const step of this.steps.splice(0)) {
      try {
        await step();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }
}

export interface WorkerProcess {
  /** The worker's own process (scripts/worker.mjs runs the engine in a child of its own). */
  enginePid: number;
  /** Ends the engine at once, as a crash or an out-of-memory kill would. */
  kill(): Promise<void>;
}

export interface World {
  proxy: RoundRobinProxy;
  web: [PortalProcess, PortalProcess];
  workers: [WorkerProcess, WorkerProcess];
  dataDir: string;
  database: DatabaseHandle;
  /** The real-estate set's specification, a file both instances read. */
  spec: ReturnType<typeof specFile>;
  /** What every process of the world runs with. */
  env: Record<string, string>;
}

/** Two more web instances of a world that count their limits in one Redis (REDIS_URL), behind a proxy of their own. */
export interface RedisPair {
  proxy: RoundRobinProxy;
  web: [PortalProcess, PortalProcess];
  redisUrl: string;
}

export const specSet = "real-estate";

/** The child processes of a process, from procfs. */
function childPids(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

const exited = (pid: number) => !fs.existsSync(`/proc/${pid}`);

async function startWorker(env: Record<string, string>, teardown: Teardown): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["scripts/worker.mjs"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const ended = once(child, "exit");
  let enginePid = 0;
  teardown.defer(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      if (enginePid && !exited(enginePid)) process.kill(enginePid, "SIGKILL");
    }, 10_000);
    await ended;
    clearTimeout(timer);
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes("Worker started.")) {
    if (child.exitCode !== null) throw new Error(`A worker stopped at start-up: ${output}`);
    if (Date.now() > deadline) throw new Error(`A worker did not start within a minute: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  [enginePid = 0] = childPids(child.pid ?? 0);
  if (!enginePid) throw new Error("The worker's engine process is gone");
  return {
    enginePid,
    async kill() {
      process.kill(enginePid, "SIGKILL");
      await ended;
    },
  };
}

export async function startWorld(teardown: Teardown): Promise<World> {
  const cluster = await startPostgresCluster();
  teardown.defer(() => cluster.stop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-multi-instance-"));
  teardown.defer(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const spec = specFile(specSet);
  spec.write("okapi");
  teardown.defer(() => spec.remove());
  const proxy = await startRoundRobinProxy();
  teardown.defer(() => proxy.close());
  const database = openDatabase({ url: cluster.url });
  teardown.defer(() => database.db.destroy());

  const env = {
    NODE_ENV: "production",
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: proxy.url,
    SESSION_SECRET: "multi-instance-session-secret-long-enough",
    ENCRYPTION_KEY: "multi-instance-encryption-key-apart-from-it",
    WEB_CONCURRENCY: "1",
    WORKER_POLL_MS: "200",
    TRUST_PROXY: "1",
    DEMO_DATA: "1",
    CATALOG_SERIES: "1500",
    CATALOG_COMPANIES: "50",
    CATALOG_DOCUMENTS: "50",
    CONTACT_UNVERIFIED_LIMIT: "4",
    DOCS_SPEC_SOURCES: spec.sources,
  };
  const startWeb = async () => {
    const web = await startPortalProcess(env);
    teardown.defer(() => web.stop());
    return web;
  };
  // The first instance migrates and seeds; the others start on a ready database.
  const first = await startWeb();
  const [second, ...workers] = await Promise.all([startWeb(), startWorker(env, teardown), startWorker(env, teardown)]);
  proxy.upstreams.push(first.baseURL, second.baseURL);
  return { proxy, web: [first, second], workers: [workers[0]!, workers[1]!], dataDir, database, spec, env };
}

/** Starts a throwaway Redis and two web instances on it, on the world's database and DATA_DIR. */
export async function startRedisPair(world: World, teardown: Teardown): Promise<RedisPair> {
  const redis = await startRedisServer();
  teardown.defer(() => redis.stop());
  const proxy = await startRoundRobinProxy();
  teardown.defer(() => proxy.close());
  const env = { ...world.env, PUBLIC_URL: proxy.url, REDIS_URL: redis.url };
  const web = await Promise.all(
    [0, 1].map(async () => {
      const instance = await startPortalProcess(env);
      teardown.defer(() => instance.stop());
      return instance;
    }),
  );
  proxy.upstreams.push(...web.map((instance) => instance.baseURL));
  return { proxy, web: [web[0]!, web[1]!], redisUrl: redis.url };
}
