/**
 * The delivery engine's company figures, printed by `npm run bench`: a dump of 10,000 companies with their
 * profiles and three years of statements, run by the real worker into a JSON file on a fresh SQLite
 * database holding a generated catalog of 10,000 companies. Prints the rate (companies and statements per
 * second), the peak memory (process RSS and V8 heap, sampled during the run), the heap (after a collection,
 * when node runs with --expose-gc) and RSS at each fifth of the run to show whether memory grows with the
 * dump, and the file size. The file is then read back as a stream to check its record and statement counts.
 * The catalog is seeded by a child process, so that seeding's memory does not hide the dump's in the RSS.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const COMPANIES = 10_000;
const YEARS = 3;

/** The child that migrates the database and seeds the catalog, then exits. */
const seeding = process.argv.includes("--seed");
const work = seeding ? process.env.DATA_DIR! : fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-company-dumps-"));
process.env.DATA_DIR = work;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-session-secret-long-enough-for-the-check";
process.env.ENCRYPTION_KEY = "bench-encryption-key-long-enough-and-distinct";
process.env.CATALOG_COMPANIES = String(COMPANIES);
// Series and documents play no part in a company dump: not generating them keeps the seeding short.
process.env.CATALOG_SERIES = "0";
process.env.CATALOG_DOCUMENTS = "0";
delete process.env.DATABASE_URL;

const { database, db } = await import("~/modules/db/db.server");
const { migrateToLatest } = await import("~/modules/db/database.server");
const { getCatalog, prepareCatalog } = await import("~/modules/catalog/source.server");
const { createDump } = await import("~/modules/feeds/dumps.server");
const { absoluteFilePath } = await import("~/modules/feeds/files.server");
const { startEngine } = await import("~/modules/server/engine.server");
const { outputOptionsSchema } = await import("~/modules/feeds/model");
const { newId, nowIso } = await import("~/modules/db/ids");

const MB = 1024 * 1024;
const collect = globalThis.gc;
/** What the check reads of a record; a record without statements fails it. */
const recordSchema = z.object({ statements: z.array(z.object({ year: z.number() })) });

interface FileCounts {
  records: number;
  statements: number;
  /** The fewest distinct statement years of any company. */
  fewestYears: number;
}

/** Counts the records of a JSON dump line by line: the writer puts each record on a line of its own. */
async function countFile(file: string): Promise<FileCounts> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  const counts: FileCounts = { records: 0, statements: 0, fewestYears: Number.POSITIVE_INFINITY };
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    if (line === "]}" || line === "") continue;
    const { statements } = recordSchema.parse(JSON.parse(line.endsWith(",") ? line.slice(0, -1) : line));
    counts.records += 1;
    counts.statements += statements.length;
    counts.fewestYears = Math.min(counts.fewestYears, new Set(statements.map((statement) => statement.year)).size);
  }
  return counts;
}

const format = (value: number) => Math.round(value).toLocaleString("en");

if (seeding) {
  await migrateToLatest(database);
  await prepareCatalog();
  await db.destroy();
  process.exit(0);
}

try {
  let started = performance.now();
  const seed = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--seed"], { stdio: "inherit" });
  if (seed.status !== 0) throw new Error("seeding the catalog failed");
  const seedMs = performance.now() - started;
  const catalogCompanies = await getCatalog().countCompanies({});
  if (catalogCompanies < COMPANIES) throw new Error(`The catalog holds ${catalogCompanies} companies, not ${COMPANIES}.`);

  const userId = newId();
  await db
    .insertInto("users")
    .values({ id: userId, email: "bench@bench.test", username: "bench", password_hash: "x", picture_type: null, created_at: nowIso() })
    .execute();
  // Dumps run only for subscribers of their product.
  await db
    .insertInto("subscriptions")
    .values({
      id: newId(),
      user_id: userId,
      product: "company",
      starts_at: nowIso(new Date(Date.now() - 60_000)),
      ends_at: nowIso(new Date(Date.now() + 24 * 60 * 60_000)),
    })
    .execute();

  const worker = startEngine({ pollMs: 20, concurrency: 1 });
  console.log(
    `Company dump benchmark (SQLite, generated catalog of ${format(catalogCompanies)} companies, seeded by a child process in ${(seedMs / 1000).toFixed(1)} s with its start-up)\n`,
  );
  const label = `${format(COMPANIES)}-company dump (whole catalog, profiles and ${YEARS} years of statements, JSON)`;

  collect?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 20);
  /** Heap after a collection (or as it is, without --expose-gc) as each fifth of the companies is written. */
  const checkpoints: { processed: number; rss: number; heap: number }[] = [];

  started = performance.now();
  const id = await createDump(userId, "company", {
    name: label,
    criteria: {},
    options: outputOptionsSchema.parse({ format: "json", profile: true, statements: true }),
    delivery: { method: "platform", ftp: null },
    notification: { emails: [], url: null, method: "POST" },
  });
  for (;;) {
    const dump = await db.selectFrom("dumps").select(["status", "processed", "error"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (dump.status === "completed") break;
    if (dump.status !== "queued" && dump.status !== "running") throw new Error(`dump ${dump.status}: ${dump.error ?? ""}`);
    if (dump.processed >= ((checkpoints.length + 1) * COMPANIES) / 5 && checkpoints.length < 4) {
      collect?.();
      const { rss, heapUsed } = process.memoryUsage();
      checkpoints.push({ processed: dump.processed, rss, heap: heapUsed });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  collect?.();
  const after = process.memoryUsage();
  checkpoints.push({ processed: COMPANIES, rss: after.rss, heap: after.heapUsed });
  await worker.stop();

  const file = await db.selectFrom("files").select(["path", "size", "items"]).where("dump_id", "=", id).executeTakeFirstOrThrow();
  const counts = await countFile(absoluteFilePath(file.path));
  if (counts.records !== COMPANIES || file.items !== COMPANIES) {
    throw new Error(`The file holds ${counts.records} records (${file.items} recorded), not ${COMPANIES}.`);
  }
  if (counts.fewestYears < YEARS) throw new Error(`A company has statements of only ${counts.fewestYears} years.`);

  console.log(label);
  console.log(`  ${format(COMPANIES)} companies, ${format(counts.statements)} statements in ${seconds.toFixed(2)} s`);
  console.log(`  ${format(COMPANIES / seconds)} companies/s, ${format(counts.statements / seconds)} statements/s`);
  console.log(`  file ${(file.size / MB).toFixed(1)} MB (${format(file.size / COMPANIES)} bytes per company)`);
  console.log(
    `  process RSS ${(baseline.rss / MB).toFixed(0)} MB before, peak ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - baseline.rss) / MB).toFixed(0)} MB)`,
  );
  console.log(
    `  V8 heap ${(baseline.heapUsed / MB).toFixed(0)} MB before, peak ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - baseline.heapUsed) / MB).toFixed(0)} MB)`,
  );
  console.log(
    `  as the dump advances, companies written: heap ${collect ? "after a collection" : "(run node with --expose-gc for the retained heap)"} / RSS`,
  );
  console.log(
    `    ${checkpoints.map((point) => `${format(point.processed)}: ${(point.heap / MB).toFixed(1)} / ${(point.rss / MB).toFixed(0)} MB`).join(", ")}`,
  );
  console.log(
    `  read back as a stream: ${format(counts.records)} records, ${format(counts.statements)} statements, at least ${counts.fewestYears} years each\n`,
  );
} finally {
  await db.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
