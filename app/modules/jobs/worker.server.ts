import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { heartbeatEveryMs, workerAliveWithinMs } from "~/modules/instances/instances";
import {
  instanceSeenSince,
  newInstanceId,
  recordHeartbeat,
  removeInstance,
  type InstanceIdentity,
} from "~/modules/instances/instances.server";
import { redactSecrets } from "~/modules/secrets/redact";
import { recordPipelineIncident, type IncidentSubject } from "./pipeline-incidents.server";
import { PollWait } from "./poll-wait";
import {
  abandonedMessage,
  cancelledJob,
  claimNext,
  completeJob,
  enqueue,
  failAttempt,
  isCancelRequested,
  recoverAbandoned,
  releaseJob,
  renewLease,
  type Job,
} from "./queue.server";

export type StopReason = "cancel" | "shutdown" | "lease-lost";

export interface JobContext {
  job: Job;
  payload: unknown;
  /** Aborted when the job is cancelled, the worker shuts down or the lease was lost: stop at the next step. */
  signal: AbortSignal;
  stopReason(): StopReason | null;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /** The job failed for good: its last attempt threw, or its worker stopped once too often. */
  onGiveUp?(job: Job, reason: string): Promise<void>;
  /** The job stopped because its cancellation was requested. */
  onCancelled?(job: Job): Promise<void>;
  /** The job's own wait before the retry after this many attempts (deliveries: 1 minute up to 6 hours). */
  retryDelayMs?(attempts: number): number;
  /** What the job's incidents are about (its owner, feed run, feed or dump), for the admin screen's links. */
  incidentSubject?(job: Job): Promise<IncidentSubject | null>;
}

export interface PeriodicJob {
  kind: string;
  everyMs: number;
  /** Whether the first run is at once (housekeeping) or one interval after the first start. */
  immediately: boolean;
}

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  periodic?: PeriodicJob[];
  pollMs: number;
  concurrency: number;
  leaseMs?: number;
  /** The first retry waits this long, each further one five times longer; a handler with its own waits waits this long each time. */
  retryBaseMs?: number;
  workerId?: string;
}

export interface Worker {
  id: string;
  /** Looks for work now instead of at the next poll. */
  nudge(): void;
  /** Stops claiming, asks running jobs to stop and hands them back to the queue. */
  stop(): Promise<void>;
}

/** Whether a worker has said it is alive within the last minute. */
export function workerAlive(now = new Date()): Promise<boolean> {
  return instanceSeenSince("worker", new Date(now.getTime() - workerAliveWithinMs));
}

export class JobCancelledError extends Error {
  constructor() {
    super("The job was cancelled.");
  }
}

/** A failure as the log, the job row and the pipeline incident keep it: an address in it loses its credentials. */
function errorText(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: redactSecrets(error.message), stack: redactSecrets(error.stack ?? error.message) };
  return { message: redactSecrets(String(error)), stack: redactSecrets(String(error)) };
}

/** The next run of a periodic job: the first one at once or one interval away, then an interval after the last. */
async function schedulePeriodic(jobs: PeriodicJob[]): Promise<void> {
  // Every poll asks this; usually each kind already has its next run queued, so one query answers it.
  const pending = await db
    .selectFrom("jobs")
    .select("unique_key")
    .where(
      "unique_key",
      "in",
      jobs.map(({ kind }) => `periodic:${kind}`),
    )
    .where("status", "in", ["queued", "running"])
    .execute();
  const scheduled = new Set(pending.map((job) => job.unique_key));
  for (const { kind, everyMs, immediately } of jobs) {
    if (scheduled.has(`periodic:${kind}`)) continue;
    const last = await db
      .selectFrom("jobs")
      .select("finished_at")
      .where("kind", "=", kind)
      .where("finished_at", "is not", null)
      .orderBy("finished_at", "desc")
      .limit(1)
      .executeTakeFirst();
    const lastEnd = last?.finished_at ? Date.parse(last.finished_at) : immediately ? 0 : Date.now();
    await enqueue(kind, {}, { uniqueKey: `periodic:${kind}`, runAt: new Date(Math.max(Date.now(), lastEnd + everyMs)), maxAttempts: 1 });
  }
}

/** One job this worker runs: why it was told to stop, if it was, and the promise of its end. */
class RunningJob {
  readonly controller = new AbortController();
  reason: StopReason | null = null;
  done: Promise<void> = Promise.resolve();

  /** The first reason wins; the handler sees it through its signal and stopReason(). */
  stop(reason: StopReason): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller.abort(reason);
  }
}

interface RunSettings {
  workerId: string;
  leaseMs: number;
  retryBaseMs?: number;
}

/** Renews the job's lease a third of it apart, stopping the job when the lease is lost or a cancellation is asked. */
function keepLease(job: Job, entry: RunningJob, { workerId, leaseMs }: RunSettings): ReturnType<typeof setInterval> {
  return setInterval(
    () => {
      void (async () => {
        if (!(await renewLease(job.id, workerId, leaseMs))) entry.stop("lease-lost");
        else if (await isCancelRequested(job.id)) entry.stop("cancel");
      })().catch(() => undefined);
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
}

/** Runs a claimed job and settles its row by how it ended; a failure to settle counts as the job's failure. */
async function runJob(job: Job, handler: JobHandler, entry: RunningJob, settings: RunSettings): Promise<void> {
  try {
    if (job.cancel_requested === 1) entry.stop("cancel");
    else {
      const payload: unknown = JSON.parse(job.payload);
      await handler.run({ job, payload, signal: entry.controller.signal, stopReason: () => entry.reason });
    }
    await settleReturned(job, handler, entry.reason, settings);
  } catch (error) {
    await settleThrown(job, handler, entry.reason, error, settings);
  }
}

/** A job that returned is done, cancelled or handed back at shutdown; after a lost lease its row is another's. */
async function settleReturned(job: Job, handler: JobHandler, reason: StopReason | null, { workerId }: RunSettings): Promise<void> {
  if (reason === "cancel") await settleCancelled(job, handler, workerId);
  else if (reason === "shutdown") await releaseJob(job.id, workerId);
  else if (reason === null) await completeJob(job.id, workerId);
}

/** A job that threw is handed back at shutdown, cancelled, or a failed attempt recorded as a pipeline incident. */
async function settleThrown(
  job: Job,
  handler: JobHandler,
  reason: StopReason | null,
  error: unknown,
  settings: RunSettings,
): Promise<void> {
  const { workerId, retryBaseMs } = settings;
  if (reason === "shutdown") {
    await releaseJob(job.id, workerId);
  } else if (reason === "cancel" || error instanceof JobCancelledError) {
    await settleCancelled(job, handler, workerId);
  } else if (reason === null) {
    const { message, stack } = errorText(error);
    await recordPipelineIncident({
      severity: "error",
      message: `${job.kind} failed: ${message}`,
      stacktrace: stack,
      data: { jobId: job.id, attempt: job.attempts, payload: job.payload },
      subject: await handler.incidentSubject?.(job).catch(() => null),
    });
    const delayMs = handler.retryDelayMs ? (retryBaseMs ?? handler.retryDelayMs(job.attempts)) : undefined;
    if ((await failAttempt(job, workerId, message, retryBaseMs, delayMs)) === "failed") await handler.onGiveUp?.(job, message);
  }
}

async function settleCancelled(job: Job, handler: JobHandler, workerId: string): Promise<void> {
  await cancelledJob(job.id, workerId);
  await handler.onCancelled?.(job);
}

/** Jobs whose worker stopped answering: each becomes a warning, and its handler hears it was cancelled or given up. */
async function giveUpAbandoned(handlers: Record<string, JobHandler>): Promise<void> {
  for (const job of await recoverAbandoned()) {
    await recordPipelineIncident({
      severity: "warning",
      message: `${job.kind}: ${abandonedMessage}`,
      stacktrace: "",
      data: { jobId: job.id, attempts: job.attempts },
      subject: await handlers[job.kind]?.incidentSubject?.(job).catch(() => null),
    });
    if (job.cancel_requested === 1) await handlers[job.kind]?.onCancelled?.(job);
    else await handlers[job.kind]?.onGiveUp?.(job, abandonedMessage);
  }
}

/** Says that this worker is alive, at most once per heartbeat interval however often it is asked. */
function instanceHeartbeat(id: string): () => Promise<void> {
  const instance: InstanceIdentity = { id, kind: "worker", startedAt: nowIso() };
  let lastBeat = 0;
  return async () => {
    if (Date.now() - lastBeat < heartbeatEveryMs) return;
    lastBeat = Date.now();
    await recordHeartbeat(instance);
  };
}

/**
 * A failure the worker goes on after (a round of its loop, a job whose end could not be recorded): logged and kept
 * as a critical incident, `what` failed.
 */
async function reportCritical(workerId: string, what: string, error: unknown, data: Record<string, unknown> = {}): Promise<void> {
  const { message, stack } = errorText(error);
  console.error(`[worker ${workerId}] ${what}: ${message}`);
  await recordPipelineIncident({
    severity: "critical",
    message: `${what}: ${message}`,
    stacktrace: stack,
    data: { ...data, workerId, at: nowIso() },
  }).catch(() => undefined);
}

export function startWorker(options: WorkerOptions): Worker {
  const id = options.workerId ?? newInstanceId();
  const settings: RunSettings = { workerId: id, leaseMs: options.leaseMs ?? 30_000, retryBaseMs: options.retryBaseMs };
  const kinds = Object.keys(options.handlers);
  const running = new Map<string, RunningJob>();
  const poll = new PollWait();
  const heartbeat = instanceHeartbeat(id);
  let stopped = false;

  function execute(job: Job): void {
    const handler = options.handlers[job.kind];
    if (!handler) return;
    const entry = new RunningJob();
    running.set(job.id, entry);
    const lease = keepLease(job, entry, settings);
    entry.done = runJob(job, handler, entry, settings)
      // Settling the job's row failed (the database was away, or its give-up hook threw on a damaged payload): the
      // row keeps its lease until it runs out, and the job then counts as abandoned. The worker goes on.
      .catch((error: unknown) => reportCritical(id, `${job.kind} could not be settled`, error, { jobId: job.id }))
      .finally(() => {
        clearInterval(lease);
        running.delete(job.id);
        poll.nudge();
      });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        await heartbeat();
        await giveUpAbandoned(options.handlers);
        if (options.periodic?.length) await schedulePeriodic(options.periodic);
        while (!stopped && running.size < options.concurrency) {
          const job = await claimNext(id, kinds, settings.leaseMs);
          if (!job) break;
          execute(job);
        }
      } catch (error) {
        await reportCritical(id, "Worker loop", error);
      }
      await poll.wait(options.pollMs);
    }
  }

  const looping = loop();
  return {
    id,
    nudge: () => poll.nudge(),
    async stop() {
      stopped = true;
      poll.nudge();
      // The loop may be claiming a job right now: let it finish, so that job is among those handed back.
      await looping;
      for (const entry of running.values()) entry.stop("shutdown");
      await Promise.all([...running.values()].map((entry) => entry.done));
      await removeInstance(id);
    },
  };
}
