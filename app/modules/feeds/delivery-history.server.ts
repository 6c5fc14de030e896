import { sql } from "kysely";
import { reasonText } from "~/modules/net/failure-reasons";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { enqueue } from "~/modules/jobs/queue.server";
import { deliveryMaxAttempts, retryWaitMs } from "./delivery-state";
import { sendDeliveryFailureMail } from "./delivery-failure-mail.server";
import { ownerEntitled, stopReasonText, subscriptionEnded } from "./entitlement.server";
import { latestFeedRunId } from "./latest-run.server";

/**
 * A delivery's life (issue 27): one deliveries row per message to one target, one delivery_attempts row per try.
 * Every channel's job wraps its try in recordAttempt, so the history, the state, the retries' schedule, the owner's
 * one failure e-mail and the run's failed state are kept in one place whatever the channel.
 */

/** A run's or dump's error after a delivery gave up ("Delivery failed: …"); a later success puts the run back. */
const deliveryFailedPrefix = reasonText("deliveryFailed", { reason: "" });

/** Queues the job of a delivery with the delivery's attempts, and remembers the job so "Retry delivery now" can move it. */
export async function enqueueDelivery(kind: string, deliveryId: string, payload: unknown): Promise<void> {
  const jobId = newId();
  await db.updateTable("deliveries").set({ job_id: jobId }).where("id", "=", deliveryId).execute();
  await enqueue(kind, payload, { jobId, maxAttempts: deliveryMaxAttempts });
}

/** The delivery with what it delivers: the feed run and its feed, or the dump. */
function deliverySubject(deliveryId: string) {
  return db
    .selectFrom("deliveries")
    .leftJoin("feed_runs", "feed_runs.id", "deliveries.feed_run_id")
    .leftJoin("feeds", "feeds.id", "feed_runs.feed_id")
    .leftJoin("dumps", "dumps.id", "deliveries.dump_id")
    .select([
      "deliveries.id",
      "deliveries.user_id as userId",
      "deliveries.status",
      "deliveries.attempts",
      "deliveries.feed_run_id as feedRunId",
      "deliveries.dump_id as dumpId",
      "feeds.id as feedId",
      "feeds.product as feedProduct",
      "dumps.product as dumpProduct",
    ])
    .where("deliveries.id", "=", deliveryId)
    .executeTakeFirst();
}
type DeliverySubject = NonNullable<Awaited<ReturnType<typeof deliverySubject>>>;

/**
 * What became of a try: "delivered" by it; "delivered-before" (a stopped worker's job runs again after its try
 * succeeded: nothing is sent twice); "stopped": nothing sent, as the delivery is gone, gave up, or its owner's
 * subscription ended (the retries stop).
 */
export type AttemptResult = "delivered" | "delivered-before" | "stopped";

/**
 * One try of a delivery, recorded: `send` throws the reason a subscriber can act on. A failed try is recorded and
 * rethrown, for the job's retry after the delivery's wait.
 */
export async function recordAttempt(deliveryId: string, send: () => Promise<void>): Promise<AttemptResult> {
  const subject = await deliverySubject(deliveryId);
  if (subject?.status === "succeeded") return "delivered-before";
  if (subject?.status !== "pending") return "stopped";
  const product = subject.feedProduct ?? subject.dumpProduct;
  // The first try was queued while the owner was subscribed (or is the notice that the subscription ended); a retry
  // after the subscription ended sends nothing.
  if (subject.attempts > 0 && product && !(await ownerEntitled(subject.userId, product))) {
    await db
      .updateTable("deliveries")
      .set({ status: "failed", last_error: stopReasonText[subscriptionEnded], next_attempt_at: null, updated_at: nowIso() })
      .where("id", "=", deliveryId)
      .execute();
    return "stopped";
  }
  const attempts = subject.attempts + 1;
  try {
    await send();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const wait = retryWaitMs(attempts);
    await settle(deliveryId, attempts, {
      status: "pending",
      error: reason,
      nextAttemptAt: wait === null ? null : nowIso(new Date(Date.now() + wait)),
    });
    await mailOwnerOnce(subject, reason);
    throw error;
  }
  await settle(deliveryId, attempts, { status: "succeeded", error: null, nextAttemptAt: null });
  await recovered(subject);
  return "delivered";
}

async function settle(
  deliveryId: string,
  attempts: number,
  outcome: { status: "pending" | "succeeded"; error: string | null; nextAttemptAt: string | null },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("delivery_attempts")
    .values({
      id: newId(),
      delivery_id: deliveryId,
      attempted_at: now,
      outcome: outcome.status === "succeeded" ? "delivered" : "failed",
      error: outcome.error,
    })
    .execute();
  await db
    .updateTable("deliveries")
    .set({ status: outcome.status, attempts, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt, updated_at: now })
    .where("id", "=", deliveryId)
    .execute();
}

/** The owner hears of a failing feed or dump once, at its first failed try; a later success re-arms the e-mail. */
async function mailOwnerOnce(subject: DeliverySubject, reason: string): Promise<void> {
  const now = nowIso();
  if (subject.feedId) {
    const claimed = await db
      .updateTable("feeds")
      .set({ failure_mailed_at: now })
      .where("id", "=", subject.feedId)
      .where("failure_mailed_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) await sendDeliveryFailureMail({ kind: "feed", id: subject.feedId, reason });
  } else if (subject.dumpId) {
    const claimed = await db
      .updateTable("dumps")
      .set({ failure_mailed_at: now })
      .where("id", "=", subject.dumpId)
      .where("failure_mailed_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) await sendDeliveryFailureMail({ kind: "dump", id: subject.dumpId, reason });
  }
}

/** A success after failures: the feed's failure e-mail re-armed, and a run or dump failed only by its delivery restored. */
async function recovered(subject: DeliverySubject): Promise<void> {
  if (subject.feedId) await db.updateTable("feeds").set({ failure_mailed_at: null }).where("id", "=", subject.feedId).execute();
  if (subject.dumpId) await db.updateTable("dumps").set({ failure_mailed_at: null }).where("id", "=", subject.dumpId).execute();
  const stillFailed = await db
    .selectFrom("deliveries")
    .select("id")
    .where(subject.feedRunId ? "feed_run_id" : "dump_id", "=", subject.feedRunId ?? subject.dumpId ?? "")
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (stillFailed) return;
  if (subject.feedRunId) {
    await db
      .updateTable("feed_runs")
      .set({ status: "delivered", error: null })
      .where("id", "=", subject.feedRunId)
      .where("status", "=", "failed")
      .where("error", "like", `${deliveryFailedPrefix}%`)
      .execute();
    if (subject.feedId) await setLastRunStatus(subject.feedId, subject.feedRunId, "delivered");
  } else if (subject.dumpId) {
    await db
      .updateTable("dumps")
      .set({ status: "completed", error: null })
      .where("id", "=", subject.dumpId)
      .where("status", "=", "failed")
      .where("error", "like", `${deliveryFailedPrefix}%`)
      .execute();
  }
}

/** The feed's last run status follows its latest run only. */
async function setLastRunStatus(feedId: string, feedRunId: string, status: "delivered" | "failed"): Promise<void> {
  if ((await latestFeedRunId(feedId)) === feedRunId)
    await db.updateTable("feeds").set({ last_run_status: status }).where("id", "=", feedId).execute();
}

/**
 * The delivery's retries are used up: it failed, and so did its feed run or dump (it shows failed, not delivered or
 * completed) until a later try succeeds.
 */
export async function deliveryGaveUp(deliveryId: string, reason: string): Promise<void> {
  await db
    .updateTable("deliveries")
    .set({ status: "failed", last_error: reason.slice(0, 2000), next_attempt_at: null, updated_at: nowIso() })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .execute();
  const subject = await deliverySubject(deliveryId);
  if (!subject) return;
  const error = reasonText("deliveryFailed", { reason }).slice(0, 2000);
  if (subject.feedRunId) {
    await db
      .updateTable("feed_runs")
      .set({ status: "failed", error })
      .where("id", "=", subject.feedRunId)
      .where("status", "=", "delivered")
      .execute();
    if (subject.feedId) await setLastRunStatus(subject.feedId, subject.feedRunId, "failed");
  } else if (subject.dumpId) {
    await db
      .updateTable("dumps")
      .set({ status: "failed", error })
      .where("id", "=", subject.dumpId)
      .where("status", "=", "completed")
      .execute();
  }
}

async function jobRunning(jobId: string): Promise<boolean> {
  const job = await db.selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirst();
  return job?.status === "running";
}

/** What "Retry delivery now" did: deliveries tried again at once, and deliveries a worker is trying at this moment. */
export interface RetryOutcome {
  retried: number;
  inProgress: number;
}

/**
 * "Retry delivery now" on a feed run or a dump: each of its deliveries still retrying or given up is tried at once,
 * by the same job (same payload, so the same webhook-id), given one more attempt when it had used them all. A delivery
 * whose job a worker is running is left to that try and counted as in progress. The owner's (or an admin's) check is
 * the caller's.
 */
export async function retryDeliveriesNow(scope: { feedRunId: string } | { dumpId: string }): Promise<RetryOutcome> {
  const now = nowIso();
  let query = db
    .selectFrom("deliveries")
    .innerJoin("jobs", "jobs.id", "deliveries.job_id")
    .select(["deliveries.id", "deliveries.job_id", "deliveries.attempts", "jobs.status as jobStatus"])
    .where("deliveries.status", "in", ["pending", "failed"]);
  query =
    "feedRunId" in scope
      ? query.where("deliveries.feed_run_id", "=", scope.feedRunId)
      : query.where("deliveries.dump_id", "=", scope.dumpId);
  const outcome: RetryOutcome = { retried: 0, inProgress: 0 };
  for (const delivery of await query.execute()) {
    if (delivery.jobStatus === "running") {
      outcome.inProgress++;
      continue;
    }
    if (!delivery.job_id || delivery.attempts === 0) continue;
    const job = await db
      .updateTable("jobs")
      .set({
        status: "queued",
        run_at: now,
        max_attempts: sql<number>`case when attempts >= max_attempts then attempts + 1 else max_attempts end`,
        finished_at: null,
        updated_at: now,
      })
      .where("id", "=", delivery.job_id)
      .where("status", "in", ["queued", "failed"])
      .executeTakeFirst();
    if (Number(job.numUpdatedRows) !== 1) {
      // The job may have started between the read and this update: then it is being tried now.
      if (await jobRunning(delivery.job_id)) outcome.inProgress++;
      continue;
    }
    await db
      .updateTable("deliveries")
      .set({ status: "pending", next_attempt_at: now, updated_at: now })
      .where("id", "=", delivery.id)
      .execute();
    outcome.retried++;
  }
  return outcome;
}
