import { db } from "~/modules/db/db.server";
import { createDump, type DumpInput } from "./dumps.server";
import type { FeedRow } from "./feed-queries.server";
import type { FeedProduct } from "./model";

/**
 * "Deliver the current data first" (issue 27): a feed's runs carry only what changed since the previous run
 * (the first one, what changed since the feed was created), so a new feed may start with a dump of everything
 * it selects, with its delivery and notifications, queued at once and linked to the feed.
 */

export interface InitialDump {
  id: string;
  status: string;
  created: string;
  finished: string | null;
}

/** Queues the dump of the new feed's current data and links it to the feed; answers the dump's id. */
export async function startInitialDump(
  feedId: string,
  ownerId: string,
  product: FeedProduct,
  input: Omit<DumpInput, "feedId">,
): Promise<string> {
  const dumpId = await createDump(ownerId, product, { ...input, feedId });
  await db.updateTable("feeds").set({ initial_dump_id: dumpId }).where("id", "=", feedId).execute();
  return dumpId;
}

/** The dump the feed started with, while it is kept; null when the feed started without one. */
export async function initialDumpOf(feed: Pick<FeedRow, "id" | "initial_dump_id">): Promise<InitialDump | null> {
  if (!feed.initial_dump_id) return null;
  const dump = await db
    .selectFrom("dumps")
    .select(["id", "status", "created_at", "finished_at"])
    .where("id", "=", feed.initial_dump_id)
    .where("feed_id", "=", feed.id)
    .executeTakeFirst();
  return dump ? { id: dump.id, status: dump.status, created: dump.created_at, finished: dump.finished_at } : null;
}
