import net, { type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { notificationGaveUp, sendNotification } from "~/modules/feeds/delivery-jobs.server";
import { notifyJob, notifyPayload, type PipelineEvent } from "~/modules/feeds/notifications.server";
import { enqueue } from "~/modules/jobs/queue.server";
import { startWorker, type Worker } from "~/modules/jobs/worker.server";
import { waitFor } from "../support/wait";
import { insertDelivery } from "../support/deliveries";

let worker: Worker | undefined;
afterAll(() => worker?.stop());

/** A loopback port nothing listens on: a service the worker must not reveal to subscribers. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("delivery failures", () => {
  it("[security-2] records a subscriber-safe reason for a failed webhook, and keeps the socket error in the pipeline incident", async () => {
    const userId = newId();
    await db
      .insertInto("users")
      .values({
        id: userId,
        email: `${userId}@failures.test`,
        username: `failures-${userId.slice(0, 8)}`,
        password_hash: "x",
        picture_type: null,
        created_at: nowIso(),
      })
      .execute();
    const port = await closedPort();
    const deliveryId = await insertDelivery({ userId, channel: "webhook", target: `POST http://127.0.0.1:${port}/probe` });
    const event: PipelineEvent = {
      event: "dump.completed",
      id: "d1",
      name: "probe",
      language: "en",
      records: 1,
      newCount: null,
      changedCount: null,
      fileId: null,
      downloadUrl: null,
      error: null,
    };
    await enqueue(notifyJob, notifyPayload.of({ deliveryId, event }), { maxAttempts: 2 });
    worker = startWorker({
      handlers: { [notifyJob]: { run: sendNotification, onGiveUp: notificationGaveUp } },
      pollMs: 50,
      concurrency: 1,
      retryBaseMs: 20,
    });

    const delivery = await waitFor(
      () => db.selectFrom("deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirstOrThrow(),
      (row) => row.status === "failed",
    );
    expect(delivery.last_error).toBe("The webhook could not be reached");
    const incidents = await db.selectFrom("pipeline_incidents").selectAll().where("message", "like", "notify failed:%").execute();
    expect(incidents.map((incident) => incident.message)).toContain("notify failed: The webhook could not be reached");
    expect(incidents.some((incident) => incident.stacktrace.includes(`ECONNREFUSED 127.0.0.1:${port}`))).toBe(true);
  });
});
