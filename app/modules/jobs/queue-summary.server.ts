import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { QueueRow } from "./queue-summary";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Per job kind in one grouped query: queued and running jobs, those that failed for good in the last 24 hours,
 * and the age of the oldest queued job that is due (waiting for a worker, not for its time).
 */
export async function countQueues(now = new Date()): Promise<QueueRow[]> {
  const since = nowIso(new Date(now.getTime() - DAY_MS));
  const at = nowIso(now);
  const rows = await db
    .selectFrom("jobs")
    .select(({ fn, eb, and }) => [
      "kind",
      fn.countAll<number>().filterWhere("status", "=", "queued").as("queued"),
      fn.countAll<number>().filterWhere("status", "=", "running").as("running"),
      fn
        .countAll<number>()
        .filterWhere(and([eb("status", "=", "failed"), eb("finished_at", ">=", since)]))
        .as("failed"),
      fn
        .min("run_at")
        .filterWhere(and([eb("status", "=", "queued"), eb("run_at", "<=", at)]))
        .as("oldest_due"),
    ])
    .where(({ eb, or, and }) =>
      or([eb("status", "in", ["queued", "running"]), and([eb("status", "=", "failed"), eb("finished_at", ">=", since)])]),
    )
    .groupBy("kind")
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    queued: Number(row.queued),
    running: Number(row.running),
    failed: Number(row.failed),
    oldestWaitingMs: row.oldest_due ? Math.max(0, now.getTime() - Date.parse(row.oldest_due)) : null,
  }));
}
