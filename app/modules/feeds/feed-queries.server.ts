import { auditIfAdmin } from "~/modules/audit/audit.server";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { shownHostKey } from "~/modules/delivery/sftp-host-keys.server";
import { mayBeStoredId, nowIso } from "~/modules/db/ids";
import type { FeedTable } from "~/modules/db/schema";
import { runFeedsAsDumps } from "./feeds.server";
import { initialDumpOf, type InitialDump } from "./initial-dump.server";
import { unconfirmedAddresses } from "./notification-addresses.server";
import type { FeedProduct, Notification, OutputOptions } from "./model";
import { feedRunHistory, type RunEntry } from "./run-history.server";
import type { StatusFilter } from "./status-filter";
import { readDelivery, readSelection } from "./stored";

/**
 * Who sees which feed, for every product: subscribers reach only their own feeds, admins everyone's. Every
 * read and write of the pages and the JSON API goes through these, with the product as a parameter.
 */

export type FeedRow = Selectable<FeedTable> & { username: string };

export interface FeedListItem {
  id: string;
  name: string;
  description: string;
  frequency: string;
  status: string;
  created: string;
  deliveryMethod: string;
  lastRun: string | null;
  lastRunStatus: string | null;
  nextRun: string | null;
  /** Why the portal paused the feed (a pause-reason code the pages translate), or null. */
  pauseReason: string | null;
  /** When it was deleted (only deleted feeds, which admins list to recover them, have it). */
  deleted: string | null;
  username: string;
  /** The company v2 filter_id of a company feed's selection; null for other products. */
  filterId: string | null;
}

/** The FTP login shown back: everything but the password (and the SFTP key); for SFTP the host key recorded, if any. */
export type ShownFtp = { host: string; path: string; username: string; hostKey: string | null } | null;

export interface FeedDetails<Criteria> extends FeedListItem {
  criteria: Criteria;
  options: OutputOptions;
  delivery: { method: string; ftp: ShownFtp };
  notification: Notification;
  /** The last 30 runs with their files, deliveries and attempts. */
  runs: RunEntry[];
  /** The dump of the current data the feed started with, or null. */
  initialDump: InitialDump | null;
  /** Its notification addresses that get nothing until they follow their confirmation link (lower case). */
  awaitingConfirmation: string[];
}

function feedListItem(feed: FeedRow): FeedListItem {
  return {
    id: feed.id,
    name: feed.name,
    description: feed.description,
    frequency: feed.frequency,
    status: feed.status,
    created: feed.created_at,
    deliveryMethod: readDelivery(feed).method,
    lastRun: feed.last_run_at,
    lastRunStatus: feed.last_run_status,
    nextRun: feed.next_run_at,
    pauseReason: feed.pause_reason,
    deleted: feed.deleted_at,
    username: feed.username,
    filterId: feed.filter_id,
  };
}

/** The product's feeds with their owner's username: the user's own, or everyone's for an admin. */
function visibleFeeds(user: CurrentUser, product: FeedProduct) {
  const query = db
    .selectFrom("feeds")
    .innerJoin("users", "users.id", "feeds.user_id")
    .selectAll("feeds")
    .select("users.username")
    .where("feeds.product", "=", product);
  return user.isAdmin ? query : query.where("feeds.user_id", "=", user.id);
}

/** Feeds as the JSON API lists them: each with its last runs. */
export async function withRuns<T extends { id: string }>(feeds: T[]): Promise<(T & { runs: RunEntry[] })[]> {
  const history = await feedRunHistory(feeds.map((feed) => feed.id));
  return feeds.map((feed) => ({ ...feed, runs: history.get(feed.id) ?? [] }));
}

/** A subscriber's feeds, or for an admin everyone's (optionally one username's); deleted ones only for recovery. */
export async function listFeeds(
  user: CurrentUser,
  product: FeedProduct,
  filter: { status?: StatusFilter; username?: string; deleted?: boolean } = {},
): Promise<FeedListItem[]> {
  let query = visibleFeeds(user, product).where("feeds.deleted_at", filter.deleted && user.isAdmin ? "is not" : "is", null);
  if (user.isAdmin && filter.username) query = query.where("users.username", "=", filter.username);
  if (filter.status === "active" || filter.status === "inactive") query = query.where("feeds.status", "=", filter.status);
  const rows = await query.orderBy("feeds.created_at", "desc").execute();
  return rows.map(feedListItem);
}

/** The feed when the user may see it: their own, or any for an admin; null otherwise (a 404). */
export async function findFeed(user: CurrentUser, product: FeedProduct, feedId: string): Promise<FeedRow | null> {
  if (!mayBeStoredId(feedId)) return null;
  const row = await visibleFeeds(user, product).where("feeds.id", "=", feedId).where("feeds.deleted_at", "is", null).executeTakeFirst();
  return row ?? null;
}

/** The delivery of a feed or dump as shown back to its owner: the FTP login without its password. */
export async function shownDelivery(
  sourceId: string,
  delivery: { method: string; ftp: { host: string; port?: number; path: string; username: string } | null },
): Promise<{ method: string; ftp: ShownFtp }> {
  const { ftp } = delivery;
  const hostKey = await shownHostKey(sourceId, delivery);
  return { method: delivery.method, ftp: ftp ? { host: ftp.host, path: ftp.path, username: ftp.username, hostKey } : null };
}

export async function feedDetails<Criteria>(
  feed: FeedRow,
  criteriaSchema: z.ZodType<Criteria, z.ZodTypeDef, unknown>,
): Promise<FeedDetails<Criteria>> {
  const selection = readSelection(feed, criteriaSchema);
  const runs = (await feedRunHistory([feed.id])).get(feed.id) ?? [];
  return {
    ...feedListItem(feed),
    criteria: selection.criteria,
    options: selection.options,
    delivery: await shownDelivery(feed.id, selection.delivery),
    notification: selection.notification,
    runs,
    initialDump: await initialDumpOf(feed),
    awaitingConfirmation: [...(await unconfirmedAddresses(feed.user_id, selection.notification.emails))],
  };
}

/** Deletes the user's feeds among `ids` (any for an admin); answers how many. Deleted feeds can be recovered by an admin. */
export async function deleteFeeds(user: CurrentUser, product: FeedProduct, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const now = nowIso();
  let query = db
    .updateTable("feeds")
    .set({ deleted_at: now, status: "inactive", next_run_at: null, updated_at: now })
    .where("id", "in", ids)
    .where("product", "=", product)
    .where("deleted_at", "is", null);
  if (!user.isAdmin) query = query.where("user_id", "=", user.id);
  const deleted = await query.returning(["id", "user_id", "name"]).execute();
  for (const feed of deleted)
    await auditIfAdmin(user, { action: "feed-delete", target: feed.id, ownerId: feed.user_id, details: { product, name: feed.name } });
  return deleted.length;
}

/**
 * An admin brings a deleted feed back, inactive (its owner turns it on again within the active-feed limit);
 * false when no deleted feed of the product has the id.
 */
export async function recoverFeed(admin: CurrentUser, product: FeedProduct, feedId: string): Promise<boolean> {
  const recovered = await db
    .updateTable("feeds")
    .set({ deleted_at: null, updated_at: nowIso() })
    .where("id", "=", feedId)
    .where("product", "=", product)
    .where("deleted_at", "is not", null)
    .returning(["id", "user_id", "name"])
    .executeTakeFirst();
  if (!recovered) return false;
  await auditIfAdmin(admin, {
    action: "feed-recover",
    target: recovered.id,
    ownerId: recovered.user_id,
    details: { product, name: recovered.name },
  });
  return true;
}

/** Selected feeds of the product run as dumps: only the user's own (any for an admin). */
export async function runUserFeedsAsDumps(user: CurrentUser, product: FeedProduct, ids: readonly string[]): Promise<string[]> {
  const runs = await runFeedsAsDumps(ids, { product, ownerId: user.isAdmin ? null : user.id });
  for (const run of runs)
    await auditIfAdmin(user, { action: "feed-run", target: run.feedId, ownerId: run.ownerId, details: { product, dump: run.dumpId } });
  return runs.map((run) => run.dumpId);
}
