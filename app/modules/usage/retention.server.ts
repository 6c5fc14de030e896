import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { usageDay } from "./call-record";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily totals are kept 13 months: a year's comparison, and the month before it. */
const TOTALS_KEPT_DAYS = 396;

/**
 * The call log keeps USAGE_LOG_DAYS of calls and 13 months of daily totals; the hourly purge job removes what is
 * older. Answers how many calls and totals it removed.
 */
export async function purgeUsage(now: Date = new Date()): Promise<{ calls: number; totals: number }> {
  const calls = await db
    .deleteFrom("api_call_log")
    .where("at", "<", nowIso(new Date(now.getTime() - env.USAGE_LOG_DAYS * DAY_MS)))
    .executeTakeFirst();
  const totals = await db
    .deleteFrom("api_usage_daily")
    .where("day", "<", usageDay(new Date(now.getTime() - TOTALS_KEPT_DAYS * DAY_MS)))
    .executeTakeFirst();
  return { calls: Number(calls.numDeletedRows), totals: Number(totals.numDeletedRows) };
}
