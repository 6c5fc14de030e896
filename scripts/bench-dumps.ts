/**
 * The delivery engine's figures, printed by `npm run bench`: dump throughput (series and points per
 * second) and peak memory for a 3,000-series full dump and for a 20,000-series dump in JSON and in XML, run by the real worker
 * on a fresh SQLite database holding the default generated catalog (20,000 series), against the goals of
 * issue 27: at least 2 million points a second on the 20,000-series dump, at most 20 MB of extra memory on
 * each (flat, whatever the dump's size). The process's CPU time is printed beside the wall time: on a machine
 * busy with other work, the points per CPU second tell what the writer costs (goal: 4 million, the 2 million a second
 * on half a core).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-dumps-"));
process.env.DATA_DIR = work;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-session-secret-long-enough-for-the-check";
process.env.ENCRYPTION_KEY = "bench-encryption-key-long-enough-and-distinct";
process.env.CATALOG_SERIES = "20000";
delete process.env.DATABASE_URL;

const { database, db } = await import("~/modules/db/db.server");
const { migrateToLatest } = await import("~/modules/db/database.server");
const { getCatalog, prepareCatalog } = await import("~/modules/catalog/source.server");
const { createDump } = await import("~/modules/feeds/dumps.server");
const { startEngine } = await import("~/modules/server/engine.server");
const { outputOptionsSchema } = await import("~/modules/feeds/model");
const { newId, nowIso } = await import("~/modules/db/ids");

const pointsGoal = 2_000_000;
/** Points per CPU second that keep pointsGoal when the dump gets half a core (a machine shared with other work). */
const pointsPerCpuSecondGoal = 4_000_000;
const extraMemoryGoalMb = 20;

function rssMb(): number {
  // rss() alone: memoryUsage() also walks the heap's spaces, every 20 ms of the dump.
  return process.memoryUsage.rss() / 1024 / 1024;
}

/** The points written for the series: each date's latest value, counted by the database (no garbage of their own). */
async function countPoints(ids: readonly string[]): Promise<number> {
  let points = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const row = await db
      .selectFrom("catalog_series_points")
      .select(sql<number>`sum(json_array_length(latest_json))`.as("points"))
      .where("series_id", "in", ids.slice(start, start + 500))
      .executeTakeFirstOrThrow();
    points += Number(row.points);
  }
  return points;
}

try {
  await migrateToLatest(database);
  let started = performance.now();
  await prepareCatalog();
  const seedMs = performance.now() - started;
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
      product: "macroeconomic",
      starts_at: nowIso(new Date(Date.now() - 60_000)),
      ends_at: nowIso(new Date(Date.now() + 24 * 60 * 60_000)),
    })
    .execute();

  const allIds: string[] = [];
  for (
    let page = await getCatalog().seriesPage({}, { limit: 5000 });
    page.length > 0;
    page = await getCatalog().seriesPage({}, { afterId: page[page.length - 1]!.id, limit: 5000 })
  ) {
    allIds.push(...page.map((series) => series.id));
  }
  const fullDumpIds = allIds.filter((_, index) => index % Math.floor(allIds.length / 3000) === 0).slice(0, 3000);

  // Each dump is handed to the worker at once (nudge), so its polls need not be frequent: they would cost CPU time the
  // figures count.
  const worker = startEngine({ pollMs: 1000, concurrency: 1 });
  console.log(
    `Delivery engine benchmark (SQLite, generated catalog of ${allIds.length} series seeded in ${(seedMs / 1000).toFixed(1)} s)\n`,
  );
  // The goal is the JSON dump's (the format of most dumps); the XML dump shows what the other format costs.
  let largest = { pointsPerSecond: 0, pointsPerCpuSecond: 0 };
  let largestExtraMb = 0;
  const wholeCatalog = `${allIds.length.toLocaleString("en")}-series dump (whole catalog, full history`;
  for (const [label, criteria, ids, format] of [
    ["3,000-series full dump (id list, full history, JSON)", { seriesIds: fullDumpIds }, fullDumpIds, "json"],
    [`${wholeCatalog}, JSON)`, {}, allIds, "json"],
    [`${wholeCatalog}, XML)`, {}, allIds, "xml"],
  ] as const) {
    const baseline = rssMb();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    started = performance.now();
    const cpu = process.cpuUsage();
    const id = await createDump(userId, "macroeconomic", {
      name: label,
      criteria,
      options: outputOptionsSchema.parse({ format }),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
    });
    worker.nudge();
    for (;;) {
      const dump = await db.selectFrom("dumps").select(["status", "processed", "error"]).where("id", "=", id).executeTakeFirstOrThrow();
      if (dump.status === "completed") break;
      if (dump.status === "failed") throw new Error(dump.error ?? "dump failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    clearInterval(sampler);
    const points = await countPoints(ids);
    const file = await db.selectFrom("files").select("size").where("dump_id", "=", id).executeTakeFirstOrThrow();
    console.log(label);
    console.log(
      `  ${ids.length} series, ${points.toLocaleString("en")} points in ${seconds.toFixed(2)} s (process CPU ${cpuSeconds.toFixed(2)} s, ` +
        `${Math.round(points / cpuSeconds).toLocaleString("en")} points per CPU second)`,
    );
    console.log(
      `  ${Math.round(ids.length / seconds).toLocaleString("en")} series/s, ${Math.round(points / seconds).toLocaleString("en")} points/s`,
    );
    console.log(
      `  file ${(file.size / 1024 / 1024).toFixed(1)} MB; process RSS ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB)\n`,
    );
    if (ids === allIds && format === "json") largest = { pointsPerSecond: points / seconds, pointsPerCpuSecond: points / cpuSeconds };
    largestExtraMb = Math.max(largestExtraMb, peak - baseline);
  }
  const speedMet = largest.pointsPerSecond >= pointsGoal;
  const cpuMet = largest.pointsPerCpuSecond >= pointsPerCpuSecondGoal;
  const memoryMet = largestExtraMb <= extraMemoryGoalMb;
  console.log(
    `goal (issue 27): at least ${pointsGoal.toLocaleString("en")} points/s on the ${allIds.length.toLocaleString("en")}-series JSON dump: ` +
      `${Math.round(largest.pointsPerSecond).toLocaleString("en")}, ${speedMet ? "met" : "MISSED"}; ` +
      `at least ${pointsPerCpuSecondGoal.toLocaleString("en")} per CPU second (the goal on half a core): ` +
      `${Math.round(largest.pointsPerCpuSecond).toLocaleString("en")}, ${cpuMet ? "met" : "MISSED"}; ` +
      `at most +${extraMemoryGoalMb} MB of extra memory on each dump: +${largestExtraMb.toFixed(0)} MB at most, ${memoryMet ? "met" : "MISSED"}\n`,
  );
  await worker.stop();
} finally {
  await db.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
