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
import { recordPipelineIncident } from "./pipeline-incidents.server";
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
  /** The first retry waits this long, each further one five times longer. */
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

export function startWorker(options: WorkerOptions): Worker {
  const id = options.workerId ?? newInstanceId();
  const leaseMs = options.leaseMs ?? 30_000;
  const kinds = Object.keys(options.handlers);
  const running = new Map<string, { controller: AbortController; reason: StopReason | null; done: Promise<void> }>();
  let stopped = false;
  let wake: (() => void) | null = null;

  async function execute(job: Job): Promise<void> {
    const handler = options.handlers[job.kind];
    if (!handler) return;
    const controller = new AbortController();
    const entry = { controller, reason: null as StopReason | null, done: Promise.resolve() };
    running.set(job.id, entry);
    const stop = (reason: StopReason) => {
      if (entry.reason) return;
      entry.reason = reason;
      controller.abort(reason);
    };
    const heartbeat = setInterval(
      () => {
        void (async () => {
          if (!(await renewLease(job.id, id, leaseMs))) stop("lease-lost");
          else if (await isCancelRequested(job.id)) stop("cancel");
        })().catch(() => undefined);
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    entry.done = (async () => {
      try {
        if (job.cancel_requested === 1) stop("cancel");
        else
          await handler.run({
            job,
            payload: JSON.parse(job.payload) as unknown,
            signal: controller.signal,
            stopReason: () => entry.reason,
          });
        if (entry.reason === "cancel") {
          await cancelledJob(job.id, id);
          await handler.onCancelled?.(job);
        } else if (entry.reason === "shutdown") {
          await releaseJob(job.id, id);
        } else if (entry.reason === null) {
          await completeJob(job.id, id);
        }
      } catch (error) {
        if (entry.reason === "shutdown") {
          await releaseJob(job.id, id);
        } else if (entry.reason === "cancel" || error instanceof JobCancelledError) {
          await cancelledJob(job.id, id);
          await handler.onCancelled?.(job);
        } else if (entry.reason === null) {
          const { message, stack } = errorText(error);
          await recordPipelineIncident({
            severity: "error",
            message: `${job.kind} failed: ${message}`,
            stacktrace: stack,
            data: { jobId: job.id, attempt: job.attempts, payload: job.payload },
          });
          if ((await failAttempt(job, id, message, options.retryBaseMs)) === "failed") await handler.onGiveUp?.(job, message);
        }
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
        wake?.();
      }
    })();
  }

  async function giveUpAbandoned(): Promise<void> {
    for (const job of await recoverAbandoned()) {
      await recordPipelineIncident({
        severity: "warning",
        message: `${job.kind}: ${abandonedMessage}`,
        stacktrace: "",
        data: { jobId: job.id, attempts: job.attempts },
      });
      if (job.cancel_requested === 1) await options.handlers[job.kind]?.onCancelled?.(job);
      else await options.handlers[job.kind]?.onGiveUp?.(job, abandonedMessage);
    }
  }

  const instance: InstanceIdentity = { id, kind: "worker", startedAt: nowIso() };
  let lastBeat = 0;
  async function heartbeat(): Promise<void> {
    if (Date.now() - lastBeat < heartbeatEveryMs) return;
    lastBeat = Date.now();
    await recordHeartbeat(instance);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        await heartbeat();
        await giveUpAbandoned();
        if (options.periodic?.length) await schedulePeriodic(options.periodic);
        while (!stopped && running.size < options.concurrency) {
          const job = await claimNext(id, kinds, leaseMs);
          if (!job) break;
          await execute(job);
        }
      } catch (error) {
        const { message, stack } = errorText(error);
        console.error(`[worker ${id}] ${message}`);
        await recordPipelineIncident({
          severity: "critical",
          message: `Worker loop: ${message}`,
          stacktrace: stack,
          data: { workerId: id, at: nowIso() },
        }).catch(() => undefined);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  const looping = loop();
  return {
    id,
    nudge: () => wake?.(),
    async stop() {
      stopped = true;
      wake?.();
      // The loop may be claiming a job right now: let it finish, so that job is among those handed back.
      await looping;
      for (const entry of running.values()) {
        entry.reason ??= "shutdown";
        entry.controller.abort("shutdown");
      }
      await Promise.all([...running.values()].map((entry) => entry.done));
      await removeInstance(id);
    },
  };
}
