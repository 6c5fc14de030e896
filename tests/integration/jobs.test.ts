import { describe, expect, it } from "vitest";
import { db } from "~/modules/db/db.server";
import {
  abandonedMessage,
  claimNext,
  completeJob,
  enqueue,
  failAttempt,
  recoverAbandoned,
  requestCancel,
  retryDelayMs,
} from "~/modules/jobs/queue.server";
import { startWorker, type JobHandler } from "~/modules/jobs/worker.server";
import { waitFor } from "../support/wait";

async function jobStatus(id: string | null) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("id", "=", id ?? "")
    .executeTakeFirstOrThrow();
}

describe("job queue", () => {
  it("never gives the same job to two workers", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, index) => enqueue("race", { index })));
    const got: string[] = [];
    for (let round = 0; round < 10 && got.length < ids.length; round++) {
      const claimed = await Promise.all(Array.from({ length: 8 }, (_, index) => claimNext(`worker-${index}`, ["race"], 60_000)));
      got.push(...claimed.filter((job) => job !== null).map((job) => job.id));
    }
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual([...ids].sort());
  });

  it("runs one job per concurrency key at a time", async () => {
    const first = await enqueue("dump-like", {}, { concurrencyKey: "user:1" });
    const second = await enqueue("dump-like", {}, { concurrencyKey: "user:1" });
    const other = await enqueue("dump-like", {}, { concurrencyKey: "user:2" });
    const a = await claimNext("w1", ["dump-like"], 60_000);
    const b = await claimNext("w2", ["dump-like"], 60_000);
    expect([a?.id, b?.id]).toEqual([first, other]);
    expect(await claimNext("w3", ["dump-like"], 60_000)).toBeNull();
    await completeJob(first!, "w1");
    expect((await claimNext("w3", ["dump-like"], 60_000))?.id).toBe(second);
  });

  it("keeps one pending job per unique key", async () => {
    const first = await enqueue("tick", {}, { uniqueKey: "tick" });
    expect(first).not.toBeNull();
    expect(await enqueue("tick", {}, { uniqueKey: "tick" })).toBeNull();
    const job = await claimNext("w", ["tick"], 60_000);
    expect(await enqueue("tick", {}, { uniqueKey: "tick" })).toBeNull();
    await completeJob(job!.id, "w");
    expect(await enqueue("tick", {}, { uniqueKey: "tick" })).not.toBeNull();
  });

  it("retries a failed attempt after a back-off, then gives up", async () => {
    const id = await enqueue("flaky", {}, { maxAttempts: 2 });
    const job = (await claimNext("w", ["flaky"], 60_000))!;
    expect(await failAttempt(job, "w", "boom")).toBe("retrying");
    const retried = await jobStatus(id);
    expect(retried.status).toBe("queued");
    expect(Date.parse(retried.run_at)).toBeGreaterThan(Date.now() + retryDelayMs(1) - 1_000);
    const again = (await claimNext("w", ["flaky"], 60_000, new Date(Date.now() + retryDelayMs(1) + 1)))!;
    expect(again.attempts).toBe(2);
    expect(await failAttempt(again, "w", "boom again")).toBe("failed");
    expect(await jobStatus(id)).toMatchObject({ status: "failed", last_error: "boom again" });
  });

  it("queues a job again when its worker stopped, and fails it once its attempts are used", async () => {
    const id = await enqueue("abandoned", {}, { maxAttempts: 2 });
    await claimNext("gone", ["abandoned"], 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await recoverAbandoned()).toEqual([]);
    expect(await jobStatus(id)).toMatchObject({ status: "queued", last_error: abandonedMessage });
    await claimNext("gone-again", ["abandoned"], 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const failed = await recoverAbandoned();
    expect(failed.map((job) => job.id)).toEqual([id]);
    expect((await jobStatus(id)).status).toBe("failed");
  });

  it("cancels a queued job at once", async () => {
    const id = await enqueue("waiting", {});
    await requestCancel(id!);
    expect((await jobStatus(id)).status).toBe("cancelled");
    expect(await claimNext("w", ["waiting"], 60_000)).toBeNull();
  });
});

describe("worker", () => {
  it("runs jobs, retries failures, stops a cancelled job and hands jobs back on shutdown", async () => {
    const seen: string[] = [];
    let failures = 0;
    const handlers: Record<string, JobHandler> = {
      "w-ok": { run: async ({ payload }) => void seen.push((payload as { name: string }).name) },
      "w-flaky": {
        run: async () => {
          failures++;
          if (failures < 2) throw new Error("first attempt fails");
        },
      },
      "w-long": {
        run: ({ signal }) =>
          new Promise((resolve) => {
            signal.addEventListener("abort", () => resolve());
          }),
      },
    };
    const worker = startWorker({ handlers, pollMs: 50, concurrency: 2, leaseMs: 300 });
    try {
      const ok = await enqueue("w-ok", { name: "first" });
      await waitFor(async () => (await jobStatus(ok)).status === "done", Boolean);
      expect(seen).toEqual(["first"]);

      const flaky = await enqueue("w-flaky", {});
      await waitFor(async () => (await jobStatus(flaky)).attempts === 1 && (await jobStatus(flaky)).status === "queued", Boolean);
      await db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("id", "=", flaky!).execute();
      await waitFor(async () => (await jobStatus(flaky)).status === "done", Boolean);
      const incident = await db.selectFrom("pipeline_incidents").selectAll().where("message", "like", "w-flaky failed%").executeTakeFirst();
      expect(incident?.severity).toBe("error");

      const long = await enqueue("w-long", {});
      await waitFor(async () => (await jobStatus(long)).status === "running", Boolean);
      await requestCancel(long!);
      await waitFor(async () => (await jobStatus(long)).status === "cancelled", Boolean);

      const interrupted = await enqueue("w-long", {});
      await waitFor(async () => (await jobStatus(interrupted)).status === "running", Boolean);
      await worker.stop();
      expect(await jobStatus(interrupted)).toMatchObject({ status: "queued", attempts: 0, locked_by: null });
    } finally {
      await worker.stop();
    }
  });

  it("goes on when a job's end cannot be recorded, keeping it as a critical incident", async () => {
    const seen: string[] = [];
    const handlers: Record<string, JobHandler> = {
      "w-broken": {
        run: async () => {
          throw new Error("the upload failed");
        },
        onGiveUp: async () => {
          throw new Error("the stored payload cannot be read");
        },
      },
      "w-after": { run: async () => void seen.push("after") },
    };
    const worker = startWorker({ handlers, pollMs: 50, concurrency: 1, leaseMs: 300 });
    try {
      const broken = await enqueue("w-broken", {}, { maxAttempts: 1 });
      await waitFor(async () => (await jobStatus(broken)).status === "failed", Boolean);
      const incident = await waitFor(
        () => db.selectFrom("pipeline_incidents").selectAll().where("message", "like", "w-broken could not be settled%").executeTakeFirst(),
        Boolean,
      );
      expect(incident).toMatchObject({ severity: "critical" });
      expect(incident!.message).toContain("the stored payload cannot be read");
      const after = await enqueue("w-after", {});
      await waitFor(async () => (await jobStatus(after)).status === "done", Boolean);
      expect(seen).toEqual(["after"]);
    } finally {
      await worker.stop();
    }
  });
});
