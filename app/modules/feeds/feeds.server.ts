import { reasonText } from "~/modules/net/failure-reasons";
import { isUploadMethod } from "~/modules/delivery/targets";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { FeedTable } from "~/modules/db/schema";
import type { Selectable } from "kysely";
import { outputFormats } from "~/modules/delivery/serialize";
import { removePartialFiles, writeRecords, type WrittenFile } from "~/modules/delivery/writer.server";
import { enqueue } from "~/modules/jobs/queue.server";
import type { JobContext } from "~/modules/jobs/worker.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { createDump } from "./dumps.server";
import { noChanges, type ChangeCounts } from "./change-counts";
import { ownerEntitled, stopReasonText, subscriptionEnded, type StopReason } from "./entitlement.server";
import {
  absoluteFilePath,
  downloadName,
  downloadUrl,
  recordFile,
  relativeFilePath,
  removeFolderOfDeletedOwner,
  removeWrittenFile,
} from "./files.server";
import { z } from "zod";
import { jobPayload } from "~/modules/jobs/payload";
import {
  feedProducts,
  nextRunAt,
  type Delivery,
  type FeedFrequency,
  type FeedProduct,
  type Notification,
  type OutputOptions,
} from "./model";
import { readFrequency, readOptions, readSelection, selectionColumns } from "./stored";
import { deliverFile, notifyOwner, queueNotifications } from "./notifications.server";
import type { Pipeline, ProductPipelines } from "./pipelines.server";
import { pipelineEvent } from "./notification-mail";
import { latestFeedRunId } from "./latest-run.server";

export const runFeedJob = "run-feed";
/** The run-feed job's payload. */
export const feedJobPayload = jobPayload(z.object({ feedId: z.string() }));
const productSchema = z.enum(feedProducts);
export const scheduleFeedsJob = "schedule-feeds";

export class FeedLimitError extends Error {
  constructor(limit: number) {
    super(`At most ${limit} feeds can be active.`);
  }
}

export interface FeedInput {
  name: string;
  description?: string;
  frequency: FeedFrequency;
  criteria: unknown;
  options: OutputOptions;
  delivery: Delivery;
  notification: Notification;
  active?: boolean;
  /** The product's limit of active feeds per user, or null for none. */
  activeFeedLimit?: number | null;
  /** The company v2 filter of the selection (company feeds). */
  filterId?: string | null;
}

export async function countActiveFeeds(userId: string, product: FeedProduct): Promise<number> {
  const row = await db
    .selectFrom("feeds")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("product", "=", product)
    .where("status", "=", "active")
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores an active feed whose first run is one period from now. */
export async function createFeed(userId: string, product: FeedProduct, input: FeedInput, now = new Date()): Promise<string> {
  const active = input.active ?? true;
  const limit = input.activeFeedLimit ?? null;
  if (active && limit !== null && (await countActiveFeeds(userId, product)) >= limit) throw new FeedLimitError(limit);
  const id = newId();
  await db
    .insertInto("feeds")
    .values({
      id,
      user_id: userId,
      product,
      name: input.name,
      description: input.description ?? "",
      frequency: input.frequency,
      status: active ? "active" : "inactive",
      ...selectionColumns(input),
      created_at: nowIso(now),
      updated_at: nowIso(now),
      deleted_at: null,
      next_run_at: active ? nowIso(nextRunAt(input.frequency, now)) : null,
      last_run_at: null,
      last_success_at: null,
      last_run_status: null,
      filter_id: input.filterId ?? null,
    })
    .execute();
  return id;
}

/** Queues a run of the feed now (one pending run per feed at a time). */
export function queueFeedRun(feedId: string): Promise<string | null> {
  return enqueue(runFeedJob, feedJobPayload.of({ feedId }), { uniqueKey: `feed:${feedId}`, maxAttempts: 3 });
}

/**
 * The portal pauses an active feed (inactive, unscheduled, with the reason) and tells its owner. The pause
 * is a conditional update, so however many ticks or runs find it, the owner gets one e-mail.
 */
async function pauseFeed(feedId: string, reason: StopReason, feedRunId?: string): Promise<boolean> {
  const paused = await db
    .updateTable("feeds")
    .set({ status: "inactive", next_run_at: null, pause_reason: reason, updated_at: nowIso() })
    .where("id", "=", feedId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) !== 1) return false;
  const feed = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirstOrThrow();
  const options = readOptions(feed);
  await notifyOwner(
    { userId: feed.user_id, feedRunId },
    pipelineEvent(feed, options.language, { event: "feed.paused", error: stopReasonText[reason] }),
  );
  return true;
}

/**
 * Pauses the user's active feeds of products they are no longer entitled to, at once (an admin ended a
 * subscription) rather than at each feed's next due run; answers how many.
 */
export async function pauseUnentitledFeeds(userId: string, now = new Date()): Promise<number> {
  const active = await db
    .selectFrom("feeds")
    .select(["id", "product"])
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .where("deleted_at", "is", null)
    .execute();
  let paused = 0;
  for (const feed of active) {
    if (!(await ownerEntitled(userId, feed.product, now)) && (await pauseFeed(feed.id, subscriptionEnded))) paused++;
  }
  return paused;
}

/**
 * The schedule tick: every active feed whose time has come gets a run, and its next run moves one period
 * on. The move is a conditional update, so two workers ticking at once queue one run. A feed whose owner
 * is no longer subscribed to its product is paused instead.
 */
export async function queueDueFeeds(now = new Date()): Promise<number> {
  const due = await db
    .selectFrom("feeds")
    .select(["id", "user_id", "product", "frequency", "next_run_at"])
    .where("status", "=", "active")
    .where("deleted_at", "is", null)
    .where("next_run_at", "<=", nowIso(now))
    .execute();
  let queued = 0;
  const entitled = new Map<string, boolean>();
  for (const feed of due) {
    const key = `${feed.user_id}:${feed.product}`;
    if (!entitled.has(key)) entitled.set(key, await ownerEntitled(feed.user_id, feed.product, now));
    if (!entitled.get(key)) {
      await pauseFeed(feed.id, subscriptionEnded);
      continue;
    }
    if (!feed.next_run_at) continue;
    const frequency = readFrequency(feed.frequency);
    let next = nextRunAt(frequency, new Date(feed.next_run_at));
    while (next <= now) next = nextRunAt(frequency, next);
    const moved = await db
      .updateTable("feeds")
      .set({ next_run_at: nowIso(next) })
      .where("id", "=", feed.id)
      .where("next_run_at", "=", feed.next_run_at)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1 && (await queueFeedRun(feed.id))) queued++;
  }
  return queued;
}

function deliveryContext(feed: Selectable<FeedTable>, feedRunId?: string) {
  const { delivery, notification } = readSelection(feed, z.unknown());
  return { userId: feed.user_id, product: productSchema.parse(feed.product), feedRunId, delivery, notification };
}

async function finishRun(
  feed: Selectable<FeedTable>,
  runId: string,
  status: "delivered" | "unchanged" | "failed",
  details: { items?: number; counts?: ChangeCounts; error?: string; startedAt: string; awaitingUpload?: boolean },
) {
  const now = nowIso();
  // One transaction: a reader never sees the run finished and the feed not yet moved on (nor the reverse).
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("feed_runs")
      .set({
        status,
        items: details.items ?? 0,
        new_count: details.counts?.newCount ?? null,
        changed_count: details.counts?.changedCount ?? null,
        error: details.error ?? null,
        finished_at: now,
      })
      .where("id", "=", runId)
      .execute();
    await trx
      .updateTable("feeds")
      .set({
        last_run_at: details.startedAt,
        last_run_status: status,
        updated_at: now,
        // A file still to be uploaded (FTP, FTPS or SFTP) moves the feed on only once it arrives (uploadedFeedRun).
        ...(status === "failed" || details.awaitingUpload ? {} : { last_success_at: details.startedAt }),
      })
      .where("id", "=", feed.id)
      .execute();
  });
}

/**
 * Runs a stopped worker left behind (a feed has one run job at a time, so any still "running" was cut off):
 * marked failed, and their half-written files removed. A run that failed in a live worker removed its own
 * file (writeRecords). The retried run delivers the same changes again.
 */
async function closeInterruptedRuns(feed: Selectable<FeedTable>): Promise<void> {
  const interrupted = await db
    .selectFrom("feed_runs")
    .select("id")
    .where("feed_id", "=", feed.id)
    .where("status", "=", "running")
    .execute();
  for (const run of interrupted) {
    for (const format of outputFormats) await removePartialFiles(absoluteFilePath(relativeFilePath(feed.user_id, run.id, format)));
    await db
      .updateTable("feed_runs")
      .set({ status: "failed", error: reasonText("interrupted"), finished_at: nowIso() })
      .where("id", "=", run.id)
      .where("status", "=", "running")
      .execute();
  }
}

/**
 * The run-feed job: delivers what changed since the last successful run (or since the feed was created),
 * as a file when anything changed and no file at all otherwise. The run's start is the next run's "since",
 * so changes made while it runs are delivered next time.
 */
export async function runFeed(job: JobContext, pipelines: ProductPipelines): Promise<void> {
  const { feedId } = feedJobPayload.read(job);
  const feed = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).where("deleted_at", "is", null).executeTakeFirst();
  if (!feed) return;
  // Queued before the subscription ended, or run by hand: the feed pauses instead of delivering.
  if (!(await ownerEntitled(feed.user_id, feed.product))) {
    await pauseFeed(feed.id, subscriptionEnded);
    return;
  }
  const { criteria, options } = readSelection(feed, z.unknown());
  const run = await openRun(feed, options);
  const { startedAt } = run;
  try {
    const pipeline = await pipelines[productSchema.parse(feed.product)]({
      catalog: getCatalog(),
      criteria,
      options,
      ownerId: feed.user_id,
    });
    const relative = relativeFilePath(feed.user_id, run.id, options.format);
    const counts = noChanges();
    const written = await writeChanges(run, pipeline, relative, job.signal, counts);
    if (!written) {
      await finishRun(feed, run.id, "unchanged", { startedAt, counts });
      return;
    }
    // The subscription may have ended while the file was written: nothing of it goes out.
    if (!(await ownerEntitled(feed.user_id, feed.product))) {
      await removeWrittenFile(relative);
      await finishRun(feed, run.id, "failed", { error: stopReasonText[subscriptionEnded], startedAt });
      await pauseFeed(feed.id, subscriptionEnded, run.id);
      return;
    }
    await deliverRun(run, relative, written, counts);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finishRun(feed, run.id, "failed", { error: reason, startedAt });
    throw error;
  } finally {
    await removeFolderOfDeletedOwner(feed.user_id);
  }
}

/** One run of a feed: it delivers what changed after `since`, and its start is the next run's `since`. */
interface FeedRun {
  feed: Selectable<FeedTable>;
  options: OutputOptions;
  id: string;
  since: string;
  startedAt: string;
}

/** Closes the runs a stopped worker left open and records this one as running. */
async function openRun(feed: Selectable<FeedTable>, options: OutputOptions): Promise<FeedRun> {
  const startedAt = nowIso();
  const since = feed.last_success_at ?? feed.created_at;
  await closeInterruptedRuns(feed);
  const id = newId();
  await db
    .insertInto("feed_runs")
    .values({ id, feed_id: feed.id, status: "running", since, error: null, started_at: startedAt, finished_at: null })
    .execute();
  return { feed, options, id, since, startedAt };
}

/** The changes since the last success as a file; null, and no file, when nothing changed. */
async function writeChanges(
  run: FeedRun,
  pipeline: Pipeline,
  relative: string,
  signal: AbortSignal,
  counts: ChangeCounts,
): Promise<WrittenFile | null> {
  const { feed, options } = run;
  const envelope = {
    root: "feed",
    collection: pipeline.collection,
    header: {
      id: feed.id,
      name: feed.name,
      product: feed.product,
      run: run.id,
      since: run.since,
      generatedAt: run.startedAt,
      language: options.language,
    },
  };
  return writeRecords(absoluteFilePath(relative), options.format, envelope, pipeline.changes(run.since, counts), signal, {
    skipEmpty: true,
  });
}

/** Keeps the file, closes the run as delivered and hands the file to the feed's delivery. */
async function deliverRun(
  { feed, options, id, startedAt }: FeedRun,
  relative: string,
  written: WrittenFile,
  counts: ChangeCounts,
): Promise<void> {
  const file = await recordFile({
    userId: feed.user_id,
    product: feed.product,
    feedRunId: id,
    format: options.format,
    filename: downloadName(feed.name, startedAt, options.format, "minute"),
    path: relative,
    size: written.size,
    items: written.records,
  });
  const context = deliveryContext(feed, id);
  await finishRun(feed, id, "delivered", {
    items: written.records,
    counts,
    startedAt,
    awaitingUpload: isUploadMethod(context.delivery.method),
  });
  await deliverFile(
    context,
    pipelineEvent(feed, options.language, {
      event: "feed.delivered",
      records: written.records,
      newCount: counts.newCount,
      changedCount: counts.changedCount,
      fileId: file.id,
      downloadUrl: downloadUrl(file.id),
    }),
    file.id,
    file.filename,
  );
}

/**
 * A feed run's file reached the subscriber's FTP server: the feed moves on to the run's start, so the next run
 * delivers what changed since. Until then (and if the upload gives up) the next run delivers the same changes
 * again, so nothing is lost on the way to the server.
 */
export async function uploadedFeedRun(feedRunId: string): Promise<void> {
  const run = await db.selectFrom("feed_runs").select(["feed_id", "started_at"]).where("id", "=", feedRunId).executeTakeFirst();
  if (!run) return;
  await db
    .updateTable("feeds")
    .set({ last_success_at: run.started_at })
    .where("id", "=", run.feed_id)
    .where((eb) => eb.or([eb("last_success_at", "is", null), eb("last_success_at", "<", run.started_at)]))
    .execute();
}

/** The run failed on its last attempt: the subscriber is told why. */
export async function feedRunGaveUp(feedId: string, reason: string): Promise<void> {
  const feed = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirst();
  if (!feed) return;
  const runId = await latestFeedRunId(feedId);
  const options = readOptions(feed);
  await queueNotifications(
    deliveryContext(feed, runId ?? undefined),
    pipelineEvent(feed, options.language, { event: "feed.failed", error: reason }),
  );
}

/**
 * SPEC.md section 4: selected feeds of a product run as dumps — one dump per feed, for the feed's owner,
 * with the feed's selection. With an owner, other users' feeds among the ids are left out (admins pass null).
 */
export async function runFeedsAsDumps(
  feedIds: readonly string[],
  scope: { product: FeedProduct; ownerId: string | null },
): Promise<{ feedId: string; ownerId: string; dumpId: string }[]> {
  if (feedIds.length === 0) return [];
  let query = db
    .selectFrom("feeds")
    .selectAll()
    .where("id", "in", feedIds)
    .where("product", "=", scope.product)
    .where("deleted_at", "is", null);
  if (scope.ownerId !== null) query = query.where("user_id", "=", scope.ownerId);
  const feeds = await query.execute();
  const dumps: { feedId: string; ownerId: string; dumpId: string }[] = [];
  for (const feed of feeds) {
    const dumpId = await createDump(feed.user_id, scope.product, {
      name: feed.name,
      description: feed.description,
      ...readSelection(feed, z.unknown()),
      feedId: feed.id,
      filterId: feed.filter_id,
    });
    dumps.push({ feedId: feed.id, ownerId: feed.user_id, dumpId });
  }
  return dumps;
}
