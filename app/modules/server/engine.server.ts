import { deactivateEndedKeys } from "~/modules/auth/api-keys.server";
import { passwordResetMailJob, sendPasswordResetMail } from "~/modules/auth/password-reset.server";
import { sendSubscriptionReminders, subscriptionRemindersJob } from "~/modules/auth/subscription-reminders.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { startWorker, type JobHandler, type PeriodicJob, type Worker } from "~/modules/jobs/worker.server";
import { deliverByUpload, uploadDeliveryGaveUp, notificationGaveUp, sendNotification } from "~/modules/feeds/delivery-jobs.server";
import { deliveryRetryDelayMs } from "~/modules/feeds/delivery-state";
import { dumpJobPayload, failDump, runDump, runDumpJob } from "~/modules/feeds/dumps.server";
import { feedJobPayload, feedRunGaveUp, queueDueFeeds, runFeed, runFeedJob, scheduleFeedsJob } from "~/modules/feeds/feeds.server";
import { purgeExpiredFiles } from "~/modules/feeds/files.server";
import { purgeUsage } from "~/modules/usage/retention.server";
import { deliverJob, deliverPayload, notifyJob, notifyPayload } from "~/modules/feeds/notifications.server";
import { deliveryIncidentSubject, dumpIncidentSubject, feedIncidentSubject } from "~/modules/feeds/incident-subjects.server";
import { addressConfirmationJob, sendAddressConfirmationMail } from "~/modules/feeds/notification-addresses.server";
import { productPipelines } from "~/modules/products/pipelines.server";

/**
 * The background engine, the worker's composition root beside boot.server.ts: every capability's job kinds
 * (accounts, catalog, feeds and dumps, deliveries) and the periodic ones. Started inside the web process
 * (WORKER=embedded) or on its own with `npm run worker`; any number of workers share the queue.
 */

const minute = 60_000;
const finishedJobsKeptDays = 7;

async function purge(): Promise<void> {
  await purgeExpiredFiles();
  await purgeUsage();
  const cutoff = nowIso(new Date(Date.now() - finishedJobsKeptDays * 24 * 60 * minute));
  await db.deleteFrom("jobs").where("status", "in", ["done", "cancelled"]).where("finished_at", "<", cutoff).execute();
}

export const engineHandlers: Record<string, JobHandler> = {
  [runDumpJob]: {
    run: (job) => runDump(job, productPipelines),
    onGiveUp: (job, reason) => failDump(dumpJobPayload.readJob(job).dumpId, reason),
    incidentSubject: (job) => dumpIncidentSubject(dumpJobPayload.readJob(job).dumpId),
  },
  [runFeedJob]: {
    run: (job) => runFeed(job, productPipelines),
    onGiveUp: (job, reason) => feedRunGaveUp(feedJobPayload.readJob(job).feedId, reason),
    incidentSubject: (job) => feedIncidentSubject(feedJobPayload.readJob(job).feedId),
  },
  [deliverJob]: {
    run: deliverByUpload,
    onGiveUp: uploadDeliveryGaveUp,
    retryDelayMs: deliveryRetryDelayMs,
    incidentSubject: (job) => deliveryIncidentSubject(deliverPayload.readJob(job).deliveryId),
  },
  [notifyJob]: {
    run: sendNotification,
    onGiveUp: notificationGaveUp,
    retryDelayMs: deliveryRetryDelayMs,
    incidentSubject: (job) => deliveryIncidentSubject(notifyPayload.readJob(job).deliveryId),
  },
  [scheduleFeedsJob]: { run: async () => void (await queueDueFeeds()) },
  "purge-files": { run: purge },
  "deactivate-ended-keys": { run: async () => void (await deactivateEndedKeys()) },
  "advance-catalog": { run: async () => void (await getCatalog().advance(new Date())) },
  [passwordResetMailJob]: { run: sendPasswordResetMail },
  [subscriptionRemindersJob]: { run: async () => void (await sendSubscriptionReminders()) },
  [addressConfirmationJob]: { run: sendAddressConfirmationMail },
};

/** Every kind the worker runs, for the admin dashboard's queues table (a kind with nothing queued has a row too). */
export const engineJobKinds: readonly string[] = Object.keys(engineHandlers);

export function periodicJobs(): PeriodicJob[] {
  return [
    { kind: scheduleFeedsJob, everyMs: minute, immediately: true },
    { kind: "purge-files", everyMs: 60 * minute, immediately: true },
    { kind: "deactivate-ended-keys", everyMs: 60 * minute, immediately: true },
    { kind: "advance-catalog", everyMs: env.CATALOG_ADVANCE_MINUTES * minute, immediately: false },
    { kind: subscriptionRemindersJob, everyMs: 60 * minute, immediately: true },
  ];
}

export function startEngine(options: { pollMs?: number; concurrency?: number; leaseMs?: number; retryBaseMs?: number } = {}): Worker {
  return startWorker({
    handlers: engineHandlers,
    periodic: periodicJobs(),
    pollMs: options.pollMs ?? env.WORKER_POLL_MS,
    concurrency: options.concurrency ?? env.WORKER_CONCURRENCY,
    leaseMs: options.leaseMs,
    retryBaseMs: options.retryBaseMs,
  });
}
