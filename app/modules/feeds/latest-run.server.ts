import { db } from "~/modules/db/db.server";

/** The id of a feed's latest run (the one a failure, a status or an incident is about), or null before its first. */
export async function latestFeedRunId(feedId: string): Promise<string | null> {
  const run = await db
    .selectFrom("feed_runs")
    .select("id")
    .where("feed_id", "=", feedId)
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return run?.id ?? null;
}
