import { db } from "~/modules/db/db.server";
import type { IncidentSubject } from "~/modules/jobs/pipeline-incidents.server";
import { latestFeedRunId } from "./latest-run.server";

/**
 * What a feed, dump or delivery job's incident is about (issue 27): the admin's incident screen links its owner and
 * its run, feed or dump.
 */

export async function deliveryIncidentSubject(deliveryId: string): Promise<IncidentSubject | null> {
  const row = await db
    .selectFrom("deliveries")
    .leftJoin("feed_runs", "feed_runs.id", "deliveries.feed_run_id")
    .select(["deliveries.user_id", "deliveries.dump_id", "deliveries.feed_run_id", "feed_runs.feed_id"])
    .where("deliveries.id", "=", deliveryId)
    .executeTakeFirst();
  return row ? { ownerId: row.user_id, feedId: row.feed_id, dumpId: row.dump_id, feedRunId: row.feed_run_id } : null;
}

/** A feed run's incident: the feed's latest run is the one that failed. */
export async function feedIncidentSubject(feedId: string): Promise<IncidentSubject | null> {
  const feed = await db.selectFrom("feeds").select("user_id").where("id", "=", feedId).executeTakeFirst();
  if (!feed) return null;
  return { ownerId: feed.user_id, feedId, dumpId: null, feedRunId: await latestFeedRunId(feedId) };
}

export async function dumpIncidentSubject(dumpId: string): Promise<IncidentSubject | null> {
  const dump = await db.selectFrom("dumps").select("user_id").where("id", "=", dumpId).executeTakeFirst();
  return dump ? { ownerId: dump.user_id, feedId: null, dumpId, feedRunId: null } : null;
}
