import { reasonText } from "~/modules/net/failure-reasons";
import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import type { JobTable } from "~/modules/db/schema";
import { newId, nowIso } from "~/modules/db/ids";

/**
 * The job queue lives in the database, so every worker — in the web process or started on its own — sees
 * the same jobs. A worker claims a job with a conditional update (only one update can move a queued job to
 * running) and holds it under a lease it renews; a job whose lease runs out was abandoned by a stopped
 * worker and is queued again, or failed once it has used its attempts.
 */

export type Job = Omit<JobTable, "attempts" | "cancel_requested"> & { attempts: number; cancel_requested: number };

export interface EnqueueOptions {
  /** The job's id when the caller records it before queueing (a dump keeps its job's id). */
  jobId?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one running job per key (one dump per user). */
  concurrencyKey?: string;
  /** At most one queued or running job per key; enqueue answers null when one exists. */
  uniqueKey?: string;
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ""}` : "";
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}

export async function enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | null> {
  const id = options.jobId ?? newId();
  const now = nowIso();
  try {
    await db
      .insertInto("jobs")
      .values({
        id,
        kind,
        payload: JSON.stringify(payload ?? {}),
        status: "queued",
        run_at: nowIso(options.runAt ?? new Date()),
        max_attempts: options.maxAttempts ?? 3,
        concurrency_key: options.concurrencyKey ?? null,
        unique_key: options.uniqueKey ?? null,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
    return id;
  } catch (error) {
    if (options.uniqueKey && isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Claims the next due job of the given kinds for this worker, or null. Jobs whose concurrency key already
 * has a running job wait; if two workers race for the same key, the partial unique index lets one win.
 */
export async function claimNext(workerId: string, kinds: readonly string[], leaseMs: number, now = new Date()): Promise<Job | null> {
  if (kinds.length === 0) return null;
  const candidates = await db
    .selectFrom("jobs as candidate")
    .select("candidate.id")
    .where("candidate.status", "=", "queued")
    .where("candidate.run_at", "<=", nowIso(now))
    .where("candidate.kind", "in", kinds)
    .where((eb) =>
      eb.or([
        eb("candidate.concurrency_key", "is", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("jobs as running")
              .select("running.id")
              .whereRef("running.concurrency_key", "=", "candidate.concurrency_key")
              .where("running.status", "=", "running"),
          ),
        ),
      ]),
    )
    .orderBy("candidate.run_at")
    .orderBy("candidate.created_at")
    .limit(10)
    .execute();
  for (const { id } of candidates) {
    try {
      const result = await db
        .updateTable("jobs")
        .set({
          status: "running",
          locked_by: workerId,
          locked_until: nowIso(new Date(now.getTime() + leaseMs)),
          attempts: sql<number>`attempts + 1`,
          updated_at: nowIso(now),
        })
        .where("id", "=", id)
        .where("status", "=", "queued")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        return (await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Job;
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return null;
}

/** Renews the lease; false when the job is no longer this worker's (recovered by another, or cancelled). */
export async function renewLease(jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_until: nowIso(new Date(Date.now() + leaseMs)), updated_at: nowIso() })
    .where("id", "=", jobId)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isCancelRequested(jobId: string): Promise<boolean> {
  const job = await db.selectFrom("jobs").select("cancel_requested").where("id", "=", jobId).executeTakeFirst();
  return job?.cancel_requested === 1;
}

async function finish(jobId: string, workerId: string, status: "done" | "failed" | "cancelled", error: string | null) {
  const now = nowIso();
  await db
    .updateTable("jobs")
    .set({ status, last_error: error, locked_by: null, locked_until: null, updated_at: now, finished_at: now })
    .where("id", "=", jobId)
    .where("locked_by", "=", workerId)
    .execute();
}

export function completeJob(jobId: string, workerId: string) {
  return finish(jobId, workerId, "done", null);
}

export function cancelledJob(jobId: string, workerId: string) {
  return finish(jobId, workerId, "cancelled", null);
}

/** Attempts grow the wait: 5 s, 25 s, 125 s... (from a base of 5 s) capped at 10 minutes. */
export function retryDelayMs(attempts: number, baseMs = 5_000): number {
  return Math.min(baseMs * 5 ** Math.max(0, attempts - 1), 600_000);
}

/** A failed attempt: queued again after a back-off (or the job's own wait) while attempts remain; answers whether it gave up. */
export async function failAttempt(
  job: Job,
  workerId: string,
  error: string,
  retryBaseMs?: number,
  delayMs?: number,
): Promise<"retrying" | "failed"> {
  if (job.attempts >= job.max_attempts) {
    await finish(job.id, workerId, "failed", error);
    return "failed";
  }
  await db
    .updateTable("jobs")
    .set({
      status: "queued",
      run_at: nowIso(new Date(Date.now() + (delayMs ?? retryDelayMs(job.attempts, retryBaseMs)))),
      last_error: error,
      locked_by: null,
      locked_until: null,
      updated_at: nowIso(),
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", workerId)
    .execute();
  return "retrying";
}

/** A worker stopping gracefully hands its job back without spending an attempt. */
export async function releaseJob(jobId: string, workerId: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "queued", attempts: sql<number>`attempts - 1`, locked_by: null, locked_until: null, updated_at: nowIso() })
    .where("id", "=", jobId)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .execute();
}

/**
 * Jobs whose worker stopped without finishing (the lease ran out): queued again while attempts remain,
 * otherwise failed. Answers the jobs that failed, so their owners can be told why.
 */
export async function recoverAbandoned(now = new Date()): Promise<Job[]> {
  const abandoned = (await db
    .selectFrom("jobs")
    .selectAll()
    .where("status", "=", "running")
    .where("locked_until", "<", nowIso(now))
    .execute()) as Job[];
  const failed: Job[] = [];
  for (const job of abandoned) {
    const giveUp = job.attempts >= job.max_attempts || job.cancel_requested === 1;
    const result = await db
      .updateTable("jobs")
      .set(
        giveUp
          ? {
              status: job.cancel_requested === 1 ? "cancelled" : "failed",
              last_error: abandonedMessage,
              locked_by: null,
              locked_until: null,
              updated_at: nowIso(now),
              finished_at: nowIso(now),
            }
          : {
              status: "queued",
              run_at: nowIso(now),
              last_error: abandonedMessage,
              locked_by: null,
              locked_until: null,
              updated_at: nowIso(now),
            },
      )
      .where("id", "=", job.id)
      .where("status", "=", "running")
      .where("locked_until", "=", job.locked_until)
      .executeTakeFirst();
    if (giveUp && Number(result.numUpdatedRows) === 1) failed.push(job);
  }
  return failed;
}

export const abandonedMessage = reasonText("workerStopped");

/** Asks a queued or running job to stop; a queued one is cancelled at once. */
export async function requestCancel(jobId: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable("jobs")
    .set({ cancel_requested: 1, updated_at: now })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .execute();
  await db
    .updateTable("jobs")
    .set({ status: "cancelled", cancel_requested: 1, updated_at: now, finished_at: now })
    .where("id", "=", jobId)
    .where("status", "=", "queued")
    .execute();
}
