/**
 * The data API's figures, printed by `npm run bench`: throughput, latency (mean, p95) and the server's CPU per call
 * of the built-in macroeconomic API over HTTP, against the production build served by scripts/serve.mjs (one web
 * process) on loopback with the default generated catalog (20,000 series): series searches of 100 results with
 * keywords drawn from the catalog's names, first at the goal's rate (300 a second, call log on: the latency at that
 * load), then offered more than the server can answer, with the call log on and then off (USAGE_LOG=off), for the
 * most it answers and what the recording costs; and a 100-series data call (the spec's 25 ids per call, so four
 * sequential calls). Many keys call at once, each within its limits (at most 5 calls in any second, one at a time),
 * so the figures are the server's, not the limiter's. The CPU figure is the server process's own (from /proc): on a
 * shared, busy machine the throughput and latency say more about the other loads than about the server (the
 * bench's own client shares the machine).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchEnvironment, startBenchServer } from "./runtime.mjs";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-data-api-"));
const port = 3391;
const base = `http://127.0.0.1:${port}/data-api/macroeconomic`;
/**
 * Each key searches every 300 ms: 96 keys offer 320 searches a second (the goal's 300, with the run's first and last
 * moments, when fewer keys are calling, made up for), 180 offer 600, more than one process answers.
 */
const SEARCH_SPACING_MS = 300;
const GOAL_KEYS = 96;
const SEARCH_KEYS = 180;
/** The data calls' figures as README has given them since the first benchmark: 24 keys. */
const DATA_KEYS = 24;
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

/** The CPU time the process has used so far, user and system, in milliseconds (Linux's /proc). */
function cpuMs(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

interface Figures {
  label: string;
  keys: number;
  units: number;
  /** What one unit of work is, singular and plural. */
  unit: [string, string];
  calls: Outcome[];
  /** The latency of each unit of work (one search, or the four calls of 100 series). */
  latencies: number[];
  seconds: number;
  /** The server's CPU time over the run. */
  cpuMs: number;
  /** The bench's own (the client's) CPU time over the run: it shares the machine with the server. */
  clientCpuMs: number;
}

/**
 * Every key runs ROUNDS units of work one after another, the keys' starts spread over `spacingMs`; a unit's calls go
 * back to back, and the key then waits until `spacingMs` have passed since the unit began, which keeps it within 5
 * calls in any second with
 * room to spare: the limiter counts a call when the server handles it, and a loaded server handles calls up
 * to a few hundred milliseconds after they were sent, so two calls can count closer than they were sent.
 */
async function run(
  label: string,
  unit: [string, string],
  spacingMs: number,
  keys: readonly string[],
  pid: number,
  work: (key: string, round: number) => string[],
): Promise<Figures> {
  const calls: Outcome[] = [];
  const latencies: number[] = [];
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    keys.map(async (key, index) => {
      // Each key starts a little after the one before, so the calls arrive spread over the spacing, not in bursts.
      await sleep((spacingMs * index) / keys.length);
      for (let round = 0; round < ROUNDS; round++) {
        const unitStarted = performance.now();
        for (const url of work(key, round)) calls.push(await get(url));
        latencies.push(performance.now() - unitStarted);
        await sleep(Math.max(0, spacingMs - (performance.now() - unitStarted)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const clientCpuMs = (client.user + client.system) / 1000;
  return {
    label,
    unit,
    keys: keys.length,
    units: keys.length * ROUNDS,
    calls,
    latencies,
    seconds,
    cpuMs: cpuMs(pid) - cpuBefore,
    clientCpuMs,
  };
}

const throughput = (figures: Figures) => figures.units / figures.seconds;

function report(figures: Figures): void {
  const ok = figures.calls.filter((call) => call.status === 200).length;
  const callTimes = figures.calls.map((call) => call.ms);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  console.log(figures.label);
  console.log(
    `  throughput: ${throughput(figures).toFixed(1)} ${figures.unit[1]}/s, ${(figures.calls.length / figures.seconds).toFixed(1)} calls/s (${figures.keys} keys at once, ${figures.calls.length} calls, ${ok} answered 200)`,
  );
  console.log(
    `  latency per ${figures.unit[0]}: mean ${mean(figures.latencies).toFixed(1)} ms, p95 ${percentile(figures.latencies, 0.95).toFixed(1)} ms`,
  );
  console.log(`  latency per call: mean ${mean(callTimes).toFixed(1)} ms, p95 ${percentile(callTimes, 0.95).toFixed(1)} ms`);
  console.log(
    `  server CPU per call: ${(figures.cpuMs / figures.calls.length).toFixed(2)} ms (${(figures.cpuMs / 1000).toFixed(1)} s in all); ` +
      `the bench's client used ${(figures.clientCpuMs / 1000).toFixed(1)} s of CPU in ${figures.seconds.toFixed(1)} s\n`,
  );
  const counts = new Map<number, number>();
  for (const call of figures.calls) if (call.status !== 200) counts.set(call.status, (counts.get(call.status) ?? 0) + 1);
  const statuses = [...counts].map(([status, count]) => `${count} × ${status}`).join(", ");
  // A server far behind (a busy machine) handles a key's calls closer together than they were sent, so the
  // limiter may refuse a few: that says the machine was loaded, not that the answers are wrong.
  if ([...counts.keys()].some((status) => status !== 429)) throw new Error(`calls were not answered 200 (${statuses})`);
  if (counts.size) console.log(`  refused by the per-key limits: ${statuses} (the server fell behind the calls)\n`);
}

/**
 * Keywords as people type them, from the catalog's own names: a country, an indicator's first word with a
 * country, an indicator's first two words; so some match a few series and some thousands.
 */
async function searchKeywords(): Promise<string[]> {
  const rows = await db.selectFrom("catalog_series").select("name").orderBy("id").execute();
  return rows
    .filter((_, index) => index % 97 === 0)
    .map(({ name }, index) => {
      const parts = name.toLowerCase().split(", ");
      const country = parts.at(-2) ?? "";
      const words = parts[0]!.split(" ");
      return [country, `${words[0]} ${country}`, words.slice(0, 2).join(" ")][index % 3]!;
    });
}

async function loggedCalls(): Promise<number> {
  const row = await db
    .selectFrom("api_call_log")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type Server = Awaited<ReturnType<typeof startBenchServer>>;
let server: Server | undefined;

/** One web process, as the figures in README were taken (serve.mjs would otherwise run one per core). */
async function serve(env: Record<string, string>, keys: readonly string[]): Promise<Server> {
  await server?.stop();
  server = await startBenchServer({ port, dataDir: work, env: { ...environment, WEB_CONCURRENCY: "1", ...env } });
  // One call per key first: the server's first answers read the spec and warm its caches; the first search starts
  // building the series' keyword index, which the second waits for (searches go to SQL until it is ready).
  await Promise.all(keys.map((key) => get(`${base}/dictionary/regions?token=${key}`)));
  await get(`${base}/series/search?keyword=gdp&token=${keys[0]}`);
  await sleep(2000);
  return server;
}

try {
  await migrateToLatest(database);
  await prepareCatalog();
  const keys = await Promise.all(Array.from({ length: SEARCH_KEYS }, (_, index) => subscriberKey(index)));
  const ids = (await getCatalog().seriesPage({}, { limit: 4000 })).map((series) => seriesApiId(series.id));
  const keywords = await searchKeywords();
  const search = (label: string, pid: number, searching: readonly string[]) =>
    run(label, ["search", "searches"], SEARCH_SPACING_MS, searching, pid, (key, round) => {
      const keyword = keywords[(searching.indexOf(key) * ROUNDS + round) % keywords.length]!;
      return [`${base}/series/search?keyword=${encodeURIComponent(keyword)}&limit=100&token=${key}`];
    });
  const offered = (count: number) => `${Math.round((count * 1000) / SEARCH_SPACING_MS)} searches/s offered`;
  const searchLabel = `series search (GET /series/search, 100 results per page, ${keywords.length} keywords)`;

  console.log("Data API benchmark (built-in macroeconomic API over HTTP, production build, one process, SQLite, 20,000 series)\n");
  /** The same two phases on each server, so both are measured equally warmed up: at the goal's rate, then past it. */
  const searches = async (log: string, pid: number) => {
    const started = new Date().toISOString();
    const atGoal = await search(`${searchLabel}, ${offered(GOAL_KEYS)}, ${log}`, pid, keys.slice(0, GOAL_KEYS));
    report(atGoal);
    await sleep(1500);
    const serverTimes = (await db.selectFrom("api_call_log").select("latency_ms").where("at", ">=", started).execute()).map(
      (row) => row.latency_ms,
    );
    if (serverTimes.length) {
      console.log(
        `  the same calls as the server timed them (call log): p50 ${percentile(serverTimes, 0.5)} ms, p95 ${percentile(serverTimes, 0.95)} ms\n`,
      );
    }
    const saturated = await search(`${searchLabel}, ${offered(SEARCH_KEYS)}, ${log}`, pid, keys);
    report(saturated);
    return { atGoal, saturated };
  };
  let { pid } = await serve({}, keys);
  const loggedBefore = await loggedCalls();
  const logged = await searches("call log on", pid);
  const dataKeys = keys.slice(0, DATA_KEYS);
  report(
    await run(
      "100-series data (GET /series/{ids}/data, 4 calls of 25 ids), call log on",
      ["100-series fetch", "100-series fetches"],
      1250,
      dataKeys,
      pid,
      (key, round) => {
        const offset = ((dataKeys.indexOf(key) * ROUNDS + round) * 100) % (ids.length - 100);
        return [0, 1, 2, 3].map((chunk) => {
          const chunkIds = ids.slice(offset + chunk * SERIES_PER_CALL, offset + (chunk + 1) * SERIES_PER_CALL);
          return `${base}/series/${chunkIds.join(",")}/data?token=${key}`;
        });
      },
    ),
  );
  ({ pid } = await serve({ USAGE_LOG: "off" }, keys));
  const loggedAfter = await loggedCalls();
  const unlogged = await searches("call log off (USAGE_LOG=off)", pid);
  if ((await loggedCalls()) !== loggedAfter) throw new Error("USAGE_LOG=off still wrote to the call log");
  const searched = logged.atGoal.calls.length + logged.saturated.calls.length;
  if (loggedAfter - loggedBefore < searched) throw new Error("the call log holds fewer calls than the bench made");
  const cost = (figures: Figures) => figures.cpuMs / figures.calls.length;
  console.log(
    `the call log's cost (past the goal's rate): ${(100 * (1 - throughput(logged.saturated) / throughput(unlogged.saturated))).toFixed(1)}% of the search throughput, ` +
      `${(100 * (cost(logged.saturated) / cost(unlogged.saturated) - 1)).toFixed(1)}% of the server CPU per search (goal: at most 10%; a negative figure is noise)`,
  );
  console.log(
    `goal (300 searches/s on one process, p95 under 100 ms, logging on): ${throughput(logged.atGoal).toFixed(0)}/s answered at ` +
      `p95 ${percentile(logged.atGoal.latencies, 0.95).toFixed(0)} ms; at most ${throughput(logged.saturated).toFixed(0)}/s ` +
      `(${cost(logged.saturated).toFixed(2)} ms of server CPU a search)`,
  );
} finally {
  await server?.stop();
  await db.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
