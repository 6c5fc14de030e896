import type { Selectable } from "kysely";
import type { CurrentUser } from "~/modules/auth/users.server";
import type { SeriesCriteria } from "~/modules/catalog/catalog";
import { econOptions } from "~/modules/catalog/options.server";
import { previewSeries, type Preview, type SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { DumpTable, FeedTable } from "~/modules/db/schema";
import { sealFtpPassword } from "~/modules/delivery/secret-key.server";
import { splitAddresses } from "~/modules/delivery/targets";
import { encodeMessage } from "~/modules/forms/messages";
import { canBeCancelled, cancelDump, createDump, dumpProgress } from "./dumps.server";
import type { StatusFilter } from "./status-filter";
import type { EconDumpValues, EconFeedValues } from "~/modules/products/econ/econ-form";
import { activeFeedLimit, countActiveFeeds, createFeed, runFeedsAsDumps } from "./feeds.server";
import { ftpPasswordProblem, reusableFtpPassword, type StoredFtpLogin } from "./ftp-password";
import {
  deliverySchema,
  fullDumpLimit,
  nextRunAt,
  notificationSchema,
  outputOptionsSchema,
  parseStored,
  type Delivery,
  type Notification,
  type OutputOptions,
} from "./model";

/**
 * The macroeconomic feeds and dumps of SPEC.md (sections 2 to 6) over the engine: what the pages and the
 * JSON API call. Every read takes the signed-in user: subscribers reach only their own feeds and dumps,
 * admins everyone's (and may act on behalf of a username).
 */

const product = "macroeconomic";
type Criteria = EconFeedValues | EconDumpValues;

export function toSeriesCriteria(values: Criteria): SeriesCriteria & { subscribedOnly: boolean } {
  return {
    seriesIds: values.seriesIds,
    keyword: values.keyword,
    nameOnly: values.nameOnly,
    frequency: values.seriesFrequency,
    country: values.country,
    region: values.region,
    unit: values.unit,
    indicator: values.indicator,
    topic: values.topic,
    section: values.section,
    table: values.table,
    source: values.source,
    database: values.database,
    startDateBefore: values.startDateBefore,
    endDateAfter: values.endDateAfter,
    createdAfter: values.createdAfter,
    updatedAfter: values.updatedAfter,
    keyOnly: values.keyOnly,
    subscribedOnly: values.subscribedOnly,
    order: values.order,
    direction: values.direction,
  };
}

function toOptions(values: Criteria): OutputOptions {
  return outputOptionsSchema.parse({
    format: values.format,
    language: values.language,
    consolidation: values.consolidation,
    fullDump: values.fullDump,
    metadataOnly: values.metadataOnly,
    newOnly: "newOnly" in values ? values.newOnly : false,
    vintages: "vintages" in values ? values.vintages : false,
  });
}

/** The FTP password typed now (sealed for its owner and server), or the stored one while server and login stay. */
function toDelivery(values: Criteria, ownerId: string, onFile: StoredFtpLogin | null): Delivery {
  if (values.deliveryMethod !== "ftp") return { method: "platform", ftp: null };
  const login = { host: values.ftpUrl ?? "", username: values.ftpUsername ?? "" };
  const passwordEncrypted = values.ftpPassword
    ? sealFtpPassword(values.ftpPassword, ownerId, login)
    : (reusableFtpPassword(values, onFile) ?? "");
  return { method: "ftp", ftp: { ...login, path: values.ftpPath ?? "/", passwordEncrypted } };
}

/** The stored FTP login whose password a form of this owner may keep: a feed's own, never another user's. */
export function ftpOnFile(feed: Selectable<FeedTable> | null | undefined, ownerId: string): StoredFtpLogin | null {
  if (!feed || feed.user_id !== ownerId) return null;
  return parseStored(deliverySchema, feed.delivery).ftp;
}

/** Whether the feed's FTP password is kept when the edit form leaves it empty (same server and login). */
export function keepsFtpPassword(feed: Selectable<FeedTable>): boolean {
  const ftp = ftpOnFile(feed, feed.user_id);
  return ftp !== null && reusableFtpPassword({ deliveryMethod: "ftp", ftpUrl: ftp.host, ftpUsername: ftp.username }, ftp) !== null;
}

/** The password field's error, if any: SPEC.md's required message, or asked again for a new server or login. */
export function checkFtpPassword(values: Criteria, onFile: StoredFtpLogin | null): Record<string, string> {
  const problem = ftpPasswordProblem(values, onFile);
  return problem ? { ftpPassword: problem } : {};
}

function toNotification(values: Criteria): Notification {
  return { emails: splitAddresses(values.notificationEmail ?? ""), url: values.notificationUrl ?? null, method: values.notificationMethod };
}

const optionLists = [
  ["country", "countries"],
  ["region", "regions"],
  ["unit", "units"],
  ["indicator", "indicators"],
  ["topic", "topics"],
  ["section", "sections"],
  ["table", "tables"],
  ["source", "sources"],
] as const;

/** Every chosen code must be one the form offers: a made-up database or country is refused, not ignored. */
async function unknownOptions(values: Criteria): Promise<Record<string, string>> {
  const options = await econOptions(getCatalog());
  const errors: Record<string, string> = {};
  const known = (list: readonly { value: string }[], value: string) => list.some((option) => option.value === value);
  if (!known(options.databases, values.database)) errors.database = "validation.invalidOption";
  for (const [field, list] of optionLists) {
    if (values[field].some((value) => !known(options[list], value))) errors[field] = "validation.invalidOption";
  }
  return errors;
}

export interface SelectionCheck {
  preview: Preview<SeriesPreviewRow>;
  errors: Record<string, string>;
}

/**
 * Save's first step: the series the selection matches (at most 500 listed), and the rules that need the
 * catalog or the database — codes the catalog knows, a full dump only for 3,000 series or fewer, at most
 * five active feeds.
 */
export async function checkEconSelection(values: Criteria, owner: { userId: string; feedId?: string }): Promise<SelectionCheck> {
  const preview = await previewSeries(getCatalog(), toSeriesCriteria(values));
  const errors = await unknownOptions(values);
  if (!preview.ok) errors.database ??= preview.error;
  if (preview.ok && values.fullDump && preview.total > fullDumpLimit) {
    errors.fullDump = encodeMessage("validation.fullDumpLimit", { max: fullDumpLimit, count: preview.total });
  }
  if ("status" in values && values.status === "active") {
    const active = await countActiveFeeds(owner.userId, product);
    const alreadyActive = owner.feedId
      ? (await db.selectFrom("feeds").select("status").where("id", "=", owner.feedId).executeTakeFirst())?.status === "active"
      : false;
    if (active - (alreadyActive ? 1 : 0) >= activeFeedLimit)
      errors.status = encodeMessage("validation.feedLimit", { max: activeFeedLimit });
  }
  return { preview, errors };
}

/** Admins may act for another user, named by username; everyone else acts for themselves. */
export async function ownerFor(user: CurrentUser, username: string | undefined): Promise<string | null> {
  if (!username || !user.isAdmin || username === user.username) return user.id;
  const owner = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
  return owner?.id ?? null;
}

export async function createEconFeed(ownerId: string, values: EconFeedValues): Promise<string> {
  return createFeed(ownerId, product, {
    name: values.name,
    description: values.description,
    frequency: values.frequency,
    criteria: toSeriesCriteria(values),
    options: toOptions(values),
    delivery: toDelivery(values, ownerId, null),
    notification: toNotification(values),
    active: values.status === "active",
  });
}

/** Stores the edited feed; the status is now the editor's, so a pause reason the portal gave is cleared. */
export async function updateEconFeed(feed: Selectable<FeedTable>, values: EconFeedValues, now = new Date()): Promise<void> {
  const active = values.status === "active";
  const schedule = feed.frequency !== values.frequency || (active && feed.status !== "active") || !feed.next_run_at;
  await db
    .updateTable("feeds")
    .set({
      name: values.name,
      description: values.description ?? "",
      frequency: values.frequency,
      status: values.status,
      criteria: JSON.stringify(toSeriesCriteria(values)),
      options: JSON.stringify(toOptions(values)),
      delivery: JSON.stringify(toDelivery(values, feed.user_id, ftpOnFile(feed, feed.user_id))),
      notification: JSON.stringify(toNotification(values)),
      updated_at: nowIso(now),
      pause_reason: null,
      ...(active ? (schedule ? { next_run_at: nowIso(nextRunAt(values.frequency, now)) } : {}) : { next_run_at: null }),
    })
    .where("id", "=", feed.id)
    .execute();
}

/** A new dump; started from a feed of the same owner, an empty password keeps the feed's for the same server. */
export async function createEconDump(
  ownerId: string,
  values: EconDumpValues,
  fromFeed: Selectable<FeedTable> | null = null,
): Promise<string> {
  return createDump(ownerId, product, {
    name: values.name,
    description: values.description,
    criteria: toSeriesCriteria(values),
    options: toOptions(values),
    delivery: toDelivery(values, ownerId, ftpOnFile(fromFeed, ownerId)),
    feedId: fromFeed?.id ?? null,
    notification: toNotification(values),
  });
}

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
  /** Why the portal paused the feed (econ.stopReasons.*), or null. */
  pauseReason: string | null;
  username: string;
}

function feedListItem(feed: Selectable<FeedTable> & { username: string }): FeedListItem {
  return {
    id: feed.id,
    name: feed.name,
    description: feed.description,
    frequency: feed.frequency,
    status: feed.status,
    created: feed.created_at,
    deliveryMethod: parseStored(deliverySchema, feed.delivery).method,
    lastRun: feed.last_run_at,
    lastRunStatus: feed.last_run_status,
    pauseReason: feed.pause_reason,
    username: feed.username,
  };
}

/** The macroeconomic feeds with their owner's username: the user's own, or everyone's for an admin. */
function visibleFeeds(user: CurrentUser) {
  const query = db
    .selectFrom("feeds")
    .innerJoin("users", "users.id", "feeds.user_id")
    .selectAll("feeds")
    .select("users.username")
    .where("feeds.product", "=", product);
  return user.isAdmin ? query : query.where("feeds.user_id", "=", user.id);
}

/** A subscriber's feeds, or for an admin everyone's (optionally one username's); deleted ones only for recovery. */
export async function listEconFeeds(
  user: CurrentUser,
  filter: { status?: StatusFilter; username?: string; deleted?: boolean } = {},
): Promise<FeedListItem[]> {
  let query = visibleFeeds(user).where("feeds.deleted_at", filter.deleted && user.isAdmin ? "is not" : "is", null);
  if (user.isAdmin && filter.username) query = query.where("users.username", "=", filter.username);
  if (filter.status === "active" || filter.status === "inactive") query = query.where("feeds.status", "=", filter.status);
  const rows = await query.orderBy("feeds.created_at", "desc").execute();
  return rows.map(feedListItem);
}

/** The feed when the user may see it: their own, or any for an admin; null otherwise (a 404). */
export async function findEconFeed(user: CurrentUser, feedId: string): Promise<(Selectable<FeedTable> & { username: string }) | null> {
  return (await visibleFeeds(user).where("feeds.id", "=", feedId).where("feeds.deleted_at", "is", null).executeTakeFirst()) ?? null;
}

export interface FeedDetails extends FeedListItem {
  criteria: ReturnType<typeof toSeriesCriteria>;
  options: OutputOptions;
  delivery: { method: string; ftp: { host: string; path: string; username: string } | null };
  notification: Notification;
  nextRun: string | null;
  runs: { id: string; status: string; startedAt: string; items: number; error: string | null; fileId: string | null }[];
}

export async function econFeedDetails(feed: Selectable<FeedTable> & { username: string }): Promise<FeedDetails> {
  const delivery = parseStored(deliverySchema, feed.delivery);
  const runs = await db
    .selectFrom("feed_runs")
    .leftJoin("files", (join) => join.onRef("files.feed_run_id", "=", "feed_runs.id").on("files.purged_at", "is", null))
    .select(["feed_runs.id", "feed_runs.status", "feed_runs.started_at", "feed_runs.items", "feed_runs.error", "files.id as fileId"])
    .where("feed_runs.feed_id", "=", feed.id)
    .orderBy("feed_runs.started_at", "desc")
    .limit(20)
    .execute();
  return {
    ...feedListItem(feed),
    criteria: JSON.parse(feed.criteria) as ReturnType<typeof toSeriesCriteria>,
    options: parseStored(outputOptionsSchema, feed.options),
    delivery: {
      method: delivery.method,
      ftp: delivery.ftp ? { host: delivery.ftp.host, path: delivery.ftp.path, username: delivery.ftp.username } : null,
    },
    notification: parseStored(notificationSchema, feed.notification),
    nextRun: feed.next_run_at,
    runs: runs.map((run) => ({
      id: run.id,
      status: run.status,
      startedAt: run.started_at,
      items: run.items,
      error: run.error,
      fileId: run.fileId,
    })),
  };
}

/** The stored feed as form values, for the edit form (the FTP password is never sent back). */
export function econFeedFormValues(feed: Selectable<FeedTable>): Record<string, unknown> {
  const criteria = JSON.parse(feed.criteria) as ReturnType<typeof toSeriesCriteria>;
  const options = parseStored(outputOptionsSchema, feed.options);
  const delivery = parseStored(deliverySchema, feed.delivery);
  const notification = parseStored(notificationSchema, feed.notification);
  return {
    name: feed.name,
    description: feed.description,
    frequency: feed.frequency,
    status: feed.status,
    seriesIds: (criteria.seriesIds ?? []).join(", "),
    keyword: criteria.keyword ?? "",
    nameOnly: criteria.nameOnly ?? false,
    seriesFrequency: criteria.frequency ?? [],
    country: criteria.country ?? [],
    region: criteria.region ?? [],
    unit: criteria.unit ?? [],
    indicator: criteria.indicator ?? [],
    topic: criteria.topic ?? [],
    section: criteria.section ?? [],
    table: criteria.table ?? [],
    source: criteria.source ?? [],
    database: criteria.database ?? "",
    startDateBefore: criteria.startDateBefore ?? "",
    endDateAfter: criteria.endDateAfter ?? "",
    createdAfter: criteria.createdAfter ?? "",
    updatedAfter: criteria.updatedAfter ?? "",
    subscribedOnly: criteria.subscribedOnly ?? false,
    keyOnly: criteria.keyOnly ?? false,
    newOnly: options.newOnly,
    order: criteria.order ?? "id",
    direction: criteria.direction ?? "asc",
    format: options.format,
    language: options.language,
    consolidation: options.consolidation,
    fullDump: options.fullDump,
    metadataOnly: options.metadataOnly,
    deliveryMethod: delivery.method,
    ftpUrl: delivery.ftp?.host ?? "",
    ftpPath: delivery.ftp?.path ?? "",
    ftpUsername: delivery.ftp?.username ?? "",
    notificationEmail: notification.emails.join(", "),
    notificationUrl: notification.url ?? "",
    notificationMethod: notification.method,
  };
}

/** Deletes the user's feeds among `ids` (any for an admin); answers how many. Deleted feeds can be recovered by an admin. */
export async function deleteEconFeeds(user: CurrentUser, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  let query = db
    .updateTable("feeds")
    .set({ deleted_at: nowIso(), status: "inactive", next_run_at: null, updated_at: nowIso() })
    .where("id", "in", ids)
    .where("product", "=", product)
    .where("deleted_at", "is", null);
  if (!user.isAdmin) query = query.where("user_id", "=", user.id);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** An admin brings a deleted feed back, inactive (its owner turns it on again within the five-feed limit). */
export async function recoverEconFeed(feedId: string): Promise<boolean> {
  const result = await db
    .updateTable("feeds")
    .set({ deleted_at: null, updated_at: nowIso() })
    .where("id", "=", feedId)
    .where("product", "=", product)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Selected macroeconomic feeds run as dumps: only the user's own (any for an admin). */
export function runEconFeedsAsDumps(user: CurrentUser, ids: readonly string[]): Promise<string[]> {
  return runFeedsAsDumps(ids, { product, ownerId: user.isAdmin ? null : user.id });
}

export interface DumpListItem {
  id: string;
  name: string;
  username: string;
  status: string;
  canBeCancelled: boolean;
  processed: number;
  total: number;
  progress: number;
  estimatedEnd: string | null;
  created: string;
  updated: string;
  error: string | null;
  /** Why the portal stopped the dump (econ.stopReasons.*), or null. */
  stopReason: string | null;
  files: { id: string; format: string; filename: string; size: number; downloadUrl: string }[];
}

async function dumpListItems(rows: (Selectable<DumpTable> & { username: string })[]): Promise<DumpListItem[]> {
  const ids = rows.map((row) => row.id);
  const files = ids.length
    ? await db
        .selectFrom("files")
        .select(["id", "dump_id", "format", "filename", "size"])
        .where("dump_id", "in", ids)
        .where("purged_at", "is", null)
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    username: row.username,
    status: row.status,
    canBeCancelled: canBeCancelled(row.status),
    processed: row.processed,
    total: row.total,
    progress: dumpProgress(row),
    estimatedEnd: row.estimated_end_at,
    created: row.created_at,
    updated: row.updated_at,
    error: row.error,
    stopReason: row.stop_reason,
    files: files
      .filter((file) => file.dump_id === row.id)
      .map((file) => ({
        id: file.id,
        format: file.format,
        filename: file.filename,
        size: file.size,
        downloadUrl: `/api/files/${file.id}`,
      })),
  }));
}

/** The macroeconomic dumps with their owner's username: the user's own, or everyone's for an admin. */
function visibleDumps(user: CurrentUser) {
  const query = db
    .selectFrom("dumps")
    .innerJoin("users", "users.id", "dumps.user_id")
    .selectAll("dumps")
    .select("users.username")
    .where("dumps.product", "=", product);
  return user.isAdmin ? query : query.where("dumps.user_id", "=", user.id);
}

/** Active dumps are queued or running; inactive ones have ended (completed, failed or cancelled). */
export async function listEconDumps(
  user: CurrentUser,
  filter: { status?: StatusFilter; username?: string; ids?: readonly string[] } = {},
): Promise<DumpListItem[]> {
  let query = visibleDumps(user);
  if (user.isAdmin && filter.username) query = query.where("users.username", "=", filter.username);
  if (filter.status === "active") query = query.where("dumps.status", "in", ["queued", "running"]);
  if (filter.status === "inactive") query = query.where("dumps.status", "in", ["completed", "failed", "cancelled"]);
  if (filter.ids) query = query.where("dumps.id", "in", filter.ids.length ? filter.ids : [""]);
  return dumpListItems(await query.orderBy("dumps.created_at", "desc").limit(200).execute());
}

export interface DumpDetails extends DumpListItem {
  description: string;
  criteria: ReturnType<typeof toSeriesCriteria>;
  options: OutputOptions;
  delivery: { method: string; ftp: { host: string; path: string; username: string } | null };
  notification: Notification;
  started: string | null;
  finished: string | null;
  feedId: string | null;
}

export async function findEconDump(user: CurrentUser, dumpId: string): Promise<DumpDetails | null> {
  const row = await visibleDumps(user).where("dumps.id", "=", dumpId).executeTakeFirst();
  if (!row) return null;
  const [item] = await dumpListItems([row]);
  const delivery = parseStored(deliverySchema, row.delivery);
  return {
    ...item!,
    description: row.description,
    criteria: JSON.parse(row.criteria) as ReturnType<typeof toSeriesCriteria>,
    options: parseStored(outputOptionsSchema, row.options),
    delivery: {
      method: delivery.method,
      ftp: delivery.ftp ? { host: delivery.ftp.host, path: delivery.ftp.path, username: delivery.ftp.username } : null,
    },
    notification: parseStored(notificationSchema, row.notification),
    started: row.started_at,
    finished: row.finished_at,
    feedId: row.feed_id,
  };
}

/** Cancels the user's dump (any for an admin) while it can be cancelled. */
export async function cancelEconDump(user: CurrentUser, dumpId: string): Promise<"cancelled" | "not-found" | "not-cancellable"> {
  const dump = await findEconDump(user, dumpId);
  if (!dump) return "not-found";
  if (!dump.canBeCancelled) return "not-cancellable";
  return (await cancelDump(dumpId)) ? "cancelled" : "not-cancellable";
}
