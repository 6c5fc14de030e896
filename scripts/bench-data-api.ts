/**
 * The data API's figures, printed by `npm run bench`: throughput and latency (mean, p95) of the built-in
 * macroeconomic API over HTTP, against the production build served by scripts/serve.mjs on loopback with the
 * default generated catalog (20,000 series): a series search of 100 results, and a 100-series data call
 * (the spec's 25 ids per call, so four sequential calls). Many keys call at once, each within its limits
 * (at most 5 calls in any second, one at a time), so the figures are the server's, not the limiter's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchEnvironment, startBenchServer } from "./runtime.mjs";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-data-api-"));
const port = 3391;
const base = `http://127.0.0.1:${port}/data-api/macroeconomic`;
const KEYS = 24;
const ROUNDS = 20;
const SERIES_PER_CALL = 25;

/** This process prepares the database the server then serves, so both read the same environment. */
const environment: Record<string, string> = {
  ...benchEnvironment,
  DATA_DIR: work,
  CATALOG_SERIES: "20000",
  CATALOG_COMPANIES: "200",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
Object.assign(process.env, environment);
delete process.env.DATABASE_URL;
delete process.env.UPSTREAM_URLS;

const { database, db } = await import("~/modules/db/db.server");
const { migrateToLatest } = await import("~/modules/db/database.server");
const { getCatalog, prepareCatalog } = await import("~/modules/catalog/source.server");
const { generateApiKey } = await import("~/modules/auth/api-keys.server");
const { loadCurrentUser } = await import("~/modules/auth/users.server");
const { newId, nowIso } = await import("~/modules/db/ids");
const { seriesApiId } = await import("~/modules/data-api/ids");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A macroeconomic subscriber with a key, written straight into the database the server will open. */
async function subscriberKey(index: number): Promise<string> {
  const id = newId();
  await db
    .insertInto("users")
    .values({
      id,
      email: `bench-${index}@bench.test`,
      username: `bench-${index}`,
      password_hash: "x",
      picture_type: null,
      created_at: nowIso(),
    })
    .execute();
  await db.insertInto("user_platforms").values({ user_id: id, platform: "econ" }).execute();
  await db
    .insertInto("subscriptions")
    .values({
      id: newId(),
      user_id: id,
      product: "macroeconomic",
      starts_at: nowIso(new Date(Date.now() - 60_000)),
      ends_at: nowIso(new Date(Date.now() + 24 * 60 * 60_000)),
      databases: null,
    })
    .execute();
  return (await generateApiKey((await loadCurrentUser(id, "econ"))!, "econ"))!;
}

interface Outcome {
  ms: number;
  status: number;
}

async function get(url: string): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

interface Figures {
  label: string;
  units: number;
  /** What one unit of work is, singular and plural. */
  unit: [string, string];
  calls: Outcome[];
  /** The latency of each unit of work (one search, or the four calls of 100 series). */
  latencies: number[];
  seconds: number;
}

/**
 * Every key runs ROUNDS units of work one after another; a unit's calls go back to back, and the key then
 * waits until `spacingMs` have passed since the unit began, which keeps it within 5 calls in any second with
 * room to spare: the limiter counts a call when the server handles it, and a loaded server handles calls up
 * to a few hundred milliseconds after they were sent, so two calls can count closer than they were sent.
 */
async function run(
  label: string,
  unit: [string, string],
  spacingMs: number,
  keys: readonly string[],
  work: (key: string, round: number) => string[],
): Promise<Figures> {
  const calls: Outcome[] = [];
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    keys.map(async (key) => {
      for (let round = 0; round < ROUNDS; round++) {
        const unitStarted = performance.now();
        for (const url of work(key, round)) calls.push(await get(url));
        latencies.push(performance.now() - unitStarted);
        await sleep(Math.max(0, spacingMs - (performance.now() - unitStarted)));
      }
    }),
  );
  return { label, unit, units: keys.length * ROUNDS, calls, latencies, seconds: (performance.now() - started) / 1000 };
}

function report(figures: Figures): void {
  const ok = figures.calls.filter((call) => call.status === 200).length;
  const callTimes = figures.calls.map((call) => call.ms);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  console.log(figures.label);
  console.log(
    `  throughput: ${(figures.units / figures.seconds).toFixed(1)} ${figures.unit[1]}/s, ${(figures.calls.length / figures.seconds).toFixed(1)} calls/s (${KEYS} keys at once, ${figures.calls.length} calls, ${ok} answered 200)`,
  );
  console.log(
    `  latency per ${figures.unit[0]}: mean ${mean(figures.latencies).toFixed(1)} ms, p95 ${percentile(figures.latencies, 0.95).toFixed(1)} ms`,
  );
  console.log(`  latency per call: mean ${mean(callTimes).toFixed(1)} ms, p95 ${percentile(callTimes, 0.95).toFixed(1)} ms\n`);
  if (ok !== figures.calls.length) {
    const counts = new Map<number, number>();
    for (const call of figures.calls) counts.set(call.status, (counts.get(call.status) ?? 0) + 1);
    const statuses = [...counts].map(([status, count]) => `${count} × ${status}`).join(", ");
    throw new Error(`${figures.calls.length - ok} calls were not answered 200 (${statuses})`);
  }
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
try {
  await migrateToLatest(database);
  await prepareCatalog();
  const keys = await Promise.all(Array.from({ length: KEYS }, (_, index) => subscriberKey(index)));
  const ids = (await getCatalog().seriesPage({}, { limit: 4000 })).map((series) => seriesApiId(series.id));
  // One web process, as the figures in README were taken (serve.mjs would otherwise run one per core).
  server = await startBenchServer({ port, dataDir: work, env: { ...environment, WEB_CONCURRENCY: "1" } });
  // One call per key first: the server's first answers read the spec and warm its caches.
  await Promise.all(keys.map((key) => get(`${base}/dictionary/regions?token=${key}`)));
  await sleep(1000);

  console.log("Data API benchmark (built-in macroeconomic API over HTTP, production build, SQLite, 20,000 series)\n");
  const keywords = ["gdp", "inflation", "exports", "unemployment", "interest rate", "production"];
  report(
    await run("series search (GET /series/search, 100 results per page)", ["search", "searches"], 300, keys, (key, round) => [
      `${base}/series/search?keyword=${encodeURIComponent(keywords[round % keywords.length]!)}&limit=100&token=${key}`,
    ]),
  );
  report(
    await run(
      "100-series data (GET /series/{ids}/data, 4 calls of 25 ids)",
      ["100-series fetch", "100-series fetches"],
      1250,
      keys,
      (key, round) => {
        const offset = ((keys.indexOf(key) * ROUNDS + round) * 100) % (ids.length - 100);
        return [0, 1, 2, 3].map((chunk) => {
          const chunkIds = ids.slice(offset + chunk * SERIES_PER_CALL, offset + (chunk + 1) * SERIES_PER_CALL);
          return `${base}/series/${chunkIds.join(",")}/data?token=${key}`;
        });
      },
    ),
  );
} finally {
  await server?.stop();
  await db.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
