import fs from "node:fs/promises";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { DumpTable, FileTable } from "~/modules/db/schema";
import type { Selectable } from "kysely";
import { removePartialFiles, writeRecords, type WrittenFile } from "~/modules/delivery/writer.server";
import { enqueue, requestCancel } from "~/modules/jobs/queue.server";
import { JobCancelledError, type JobContext } from "~/modules/jobs/worker.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { ownerEntitled, stopReasonText, subscriptionEnded, type StopReason } from "./entitlement.server";
import {
  absoluteFilePath,
  discardFile,
  downloadName,
  downloadUrl,
  recordFile,
  relativeFilePath,
  removeFolderOfDeletedOwner,
} from "./files.server";
import { z } from "zod";
import { jobPayload } from "~/modules/jobs/payload";
import { feedProducts, type Delivery, type FeedProduct, type Notification, type OutputOptions } from "./model";
import { readOptions, readSelection, selectionColumns } from "./stored";
import { deliverFile, notifyOwner, queueNotifications, type DeliveryContext } from "./notifications.server";
import type { Pipeline, ProductPipelines } from "./pipelines.server";
import { pipelineEvent } from "./notification-mail";

export const runDumpJob = "run-dump";
/** The run-dump job's payload. */
export const dumpJobPayload = jobPayload(z.object({ dumpId: z.string() }));
const productSchema = z.enum(feedProducts);

export interface DumpInput {
  name: string;
  description?: string;
  criteria: unknown;
  options: OutputOptions;
  delivery: Delivery;
  notification: Notification;
  feedId?: string | null;
  /** The predefined dataset this dump generates (products/corp/datasets.ts). */
  datasetId?: string | null;
  /** The company v2 filter of the selection (company dumps). */
  filterId?: string | null;
}

/** SPEC.md section 4: a dump can be cancelled only while it can be cancelled: queued or running. */
export function canBeCancelled(status: string): boolean {
  return status === "queued" || status === "running";
}

/** Progress in percent and the estimated end, from the pace so far. */
export function dumpProgress(dump: Pick<Selectable<DumpTable>, "processed" | "total" | "status">): number {
  if (dump.status === "completed") return 100;
  if (dump.total <= 0) return 0;
  return Math.min(99, Math.floor((dump.processed / dump.total) * 100));
}

function estimateEnd(startedAt: number, now: number, processed: number, total: number): string | null {
  if (processed <= 0 || total <= processed) return null;
  const perItem = (now - startedAt) / processed;
  return nowIso(new Date(now + perItem * (total - processed)));
}

/** Stores the dump and queues it; dumps of one user run one at a time, the others wait in the queue. */
export async function createDump(userId: string, product: FeedProduct, input: DumpInput): Promise<string> {
  const id = newId();
  const now = nowIso();
  const jobId = newId();
  await db
    .insertInto("dumps")
    .values({
      id,
      user_id: userId,
      product,
      feed_id: input.feedId ?? null,
      dataset_id: input.datasetId ?? null,
      name: input.name,
      description: input.description ?? "",
      ...selectionColumns(input),
      status: "queued",
      job_id: jobId,
      estimated_end_at: null,
      error: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
      filter_id: input.filterId ?? null,
    })
    .execute();
  const queued = await enqueue(runDumpJob, dumpJobPayload.of({ dumpId: id }), { concurrencyKey: `dumps:${userId}`, maxAttempts: 3, jobId });
  if (!queued) throw new Error("The dump could not be queued");
  return id;
}

/** Cancels a queued or running dump; answers false when it can no longer be cancelled. */
export async function cancelDump(dumpId: string): Promise<boolean> {
  const dump = await db.selectFrom("dumps").select(["status", "job_id"]).where("id", "=", dumpId).executeTakeFirst();
  if (!dump || !canBeCancelled(dump.status)) return false;
  const result = await db
    .updateTable("dumps")
    .set({ status: "cancelled", estimated_end_at: null, updated_at: nowIso(), finished_at: nowIso() })
    .where("id", "=", dumpId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (dump.job_id) await requestCancel(dump.job_id);
  return true;
}

function contextOf(dump: Selectable<DumpTable>): DeliveryContext {
  const { delivery, notification } = readSelection(dump, z.unknown());
  return { userId: dump.user_id, product: productSchema.parse(dump.product), dumpId: dump.id, delivery, notification };
}

/**
 * The portal stops a queued or running dump (failed, with the reason) and tells its owner once: the stop is
 * a conditional update, so a retried job finds it stopped and says nothing more.
 */
async function stopDump(dumpId: string, reason: StopReason): Promise<boolean> {
  const result = await db
    .updateTable("dumps")
    .set({
      status: "failed",
      error: stopReasonText[reason],
      stop_reason: reason,
      estimated_end_at: null,
      updated_at: nowIso(),
      finished_at: nowIso(),
    })
    .where("id", "=", dumpId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const dump = await db.selectFrom("dumps").selectAll().where("id", "=", dumpId).executeTakeFirstOrThrow();
  const options = readOptions(dump);
  await notifyOwner(
    { userId: dump.user_id, dumpId },
    pipelineEvent(dump, options.language, { event: "dump.stopped", error: stopReasonText[reason] }),
  );
  return true;
}

/** Marks a dump failed with its reason and tells the subscriber. */
export async function failDump(dumpId: string, reason: string): Promise<void> {
  const result = await db
    .updateTable("dumps")
    .set({ status: "failed", error: reason, estimated_end_at: null, updated_at: nowIso(), finished_at: nowIso() })
    .where("id", "=", dumpId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return;
  const dump = await db.selectFrom("dumps").selectAll().where("id", "=", dumpId).executeTakeFirstOrThrow();
  const options = readOptions(dump);
  await queueNotifications(contextOf(dump), pipelineEvent(dump, options.language, { event: "dump.failed", error: reason }));
}

/**
 * The run-dump job: reads everything the criteria select, page by page, into a JSON or XML file, reporting
 * processed and total series with an estimated end as it goes. A dump interrupted by a stopped worker runs
 * again from the start (its partial file is removed first); a cancelled one stops at the next page.
 */
export async function runDump(job: JobContext, pipelines: ProductPipelines): Promise<void> {
  const { dumpId } = dumpJobPayload.read(job);
  const dump = await db.selectFrom("dumps").selectAll().where("id", "=", dumpId).executeTakeFirst();
  if (!dump || !canBeCancelled(dump.status)) return;
  // Queued before the owner's subscription ended: stopped, with the reason, instead of run.
  if (!(await ownerEntitled(dump.user_id, dump.product))) {
    await stopDump(dumpId, subscriptionEnded);
    return;
  }
  const { criteria, options } = readSelection(dump, z.unknown());
  const product = productSchema.parse(dump.product);
  const pipeline = await pipelines[product]({ catalog: getCatalog(), criteria, options, ownerId: dump.user_id });
  const run = await claimDump(dump, options, await pipeline.count());
  if (!run) return;

  const relative = relativeFilePath(dump.user_id, dump.id, options.format);
  const target = absoluteFilePath(relative);
  try {
    const written = await writeDump(run, pipeline, target, job.signal);
    // The subscription may have ended while the file was written: nothing of it is kept or delivered.
    if (!(await ownerEntitled(dump.user_id, dump.product))) {
      await fs.rm(target, { force: true });
      await stopDump(dumpId, subscriptionEnded);
      return;
    }
    const file = await recordDump(run, relative, written);
    await deliverDump(run, file, written.records);
  } finally {
    await removeFolderOfDeletedOwner(dump.user_id);
  }
}

/** A dump being written: its row, output options, and what its progress is measured against. */
interface DumpRun {
  dump: Selectable<DumpTable>;
  options: OutputOptions;
  total: number;
  started: number;
}

/** Marks the dump running from nothing processed; null when it was cancelled or stopped meanwhile. */
async function claimDump(dump: Selectable<DumpTable>, options: OutputOptions, total: number): Promise<DumpRun | null> {
  const started = Date.now();
  const claimed = await db
    .updateTable("dumps")
    .set({ status: "running", processed: 0, total, started_at: nowIso(new Date(started)), updated_at: nowIso() })
    .where("id", "=", dump.id)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { dump, options, total, started } : null;
}

/** The pipeline's pages, each followed by the dump's progress and estimated end; a cancelled dump stops at a page. */
async function* trackProgress(run: DumpRun, batches: AsyncIterable<unknown[]>, signal: AbortSignal): AsyncIterable<unknown[]> {
  let processed = 0;
  for await (const batch of batches) {
    if (signal.aborted) throw new JobCancelledError();
    yield batch;
    processed += batch.length;
    const now = Date.now();
    const reported = await db
      .updateTable("dumps")
      .set({ processed, estimated_end_at: estimateEnd(run.started, now, processed, run.total), updated_at: nowIso(new Date(now)) })
      .where("id", "=", run.dump.id)
      .where("status", "=", "running")
      .executeTakeFirst();
    // Cancelled meanwhile: stop at this page rather than at the worker's next heartbeat.
    if (Number(reported.numUpdatedRows) !== 1) throw new JobCancelledError();
  }
}

/** Writes everything the criteria select into the dump's file, after removing what an interrupted attempt left. */
async function writeDump(run: DumpRun, pipeline: Pipeline, target: string, signal: AbortSignal): Promise<WrittenFile> {
  const { dump, options, total } = run;
  await removePartialFiles(target);
  const envelope = {
    root: "dump",
    collection: pipeline.collection,
    header: {
      id: dump.id,
      name: dump.name,
      product: dump.product,
      createdAt: dump.created_at,
      generatedAt: nowIso(),
      language: options.language,
      total,
    },
  };
  return writeRecords(target, options.format, envelope, trackProgress(run, pipeline.dump(), signal), signal);
}

/** Keeps the file and marks the dump completed; a dump cancelled at the last moment loses its file instead. */
async function recordDump({ dump, options, total }: DumpRun, relative: string, written: WrittenFile): Promise<FileTable> {
  const file = await recordFile({
    userId: dump.user_id,
    product: dump.product,
    dumpId: dump.id,
    format: options.format,
    filename: downloadName(dump.name, dump.created_at, options.format),
    path: relative,
    size: written.size,
    items: written.records,
  });
  const finished = await db
    .updateTable("dumps")
    .set({
      status: "completed",
      processed: written.records,
      total: Math.max(total, written.records),
      estimated_end_at: null,
      updated_at: nowIso(),
      finished_at: nowIso(),
    })
    .where("id", "=", dump.id)
    .where("status", "=", "running")
    .executeTakeFirst();
  if (Number(finished.numUpdatedRows) !== 1) {
    await discardFile(file.id);
    throw new JobCancelledError();
  }
  return file;
}

/** Hands the file to the dump's delivery and tells its owner as the dump asks. */
async function deliverDump({ dump, options }: DumpRun, file: FileTable, records: number): Promise<void> {
  await deliverFile(
    contextOf(dump),
    pipelineEvent(dump, options.language, {
      event: "dump.completed",
      records,
      fileId: file.id,
      downloadUrl: downloadUrl(file.id),
    }),
    file.id,
    file.filename,
  );
}
