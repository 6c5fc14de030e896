import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { webhookSecret } from "~/modules/delivery/webhook-secrets.server";
import { db } from "~/modules/db/db.server";
import { enqueueDelivery, recordAttempt } from "~/modules/feeds/delivery-history.server";
import { notifyJob, notifyPayload, type PipelineEvent } from "~/modules/feeds/notifications.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";
import { insertDelivery } from "../support/deliveries";

const children: ChildProcess[] = [];
let worker: Worker | undefined;
let server: http.Server | undefined;

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await worker?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

function spawnWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/worker-process.ts")], {
    env: { ...process.env, TEST_WORKER_LEASE_MS: "1000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("worker ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** A receiver that holds the first call open (the worker is mid-delivery) and answers 200 after. */
async function slowReceiver() {
  const bodies: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  let firstArrived: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstArrived = resolve));
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      bodies.push(body);
      headers.push(request.headers);
      if (bodies.length === 1) firstArrived();
      else response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, bodies, headers, first };
}

describe("a worker killed mid-delivery", () => {
  it("loses nothing: another worker delivers the same event on the same delivery row, recorded once", async () => {
    const receiver = await slowReceiver();
    const userId = (await insertMacroSubscriber({ label: "killed" })).id;
    const deliveryId = await insertDelivery({ userId, channel: "webhook", target: `POST ${receiver.url}` });
    const event: PipelineEvent = {
      event: "dump.completed",
      id: "d1",
      name: "killed",
      language: "en",
      records: 1,
      newCount: null,
      changedCount: null,
      fileId: null,
      downloadUrl: null,
      error: null,
    };
    await enqueueDelivery(notifyJob, deliveryId, notifyPayload.of({ deliveryId, event }));

    const child = await spawnWorker();
    await receiver.first;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(await db.selectFrom("deliveries").select(["status", "attempts"]).where("id", "=", deliveryId).executeTakeFirstOrThrow()).toEqual(
      {
        status: "pending",
        attempts: 0,
      },
    );

    // Once the dead worker's lease runs out, another worker takes the same job over.
    worker = startEngine({ pollMs: 50, concurrency: 1, leaseMs: 1000 });
    const delivered = await waitFor(
      () => db.selectFrom("deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirstOrThrow(),
      (row) => row.status === "succeeded",
      { timeoutMs: 30_000 },
    );
    expect(delivered.attempts).toBe(1);
    const attempts = await db.selectFrom("delivery_attempts").select("outcome").where("delivery_id", "=", deliveryId).execute();
    expect(attempts).toEqual([{ outcome: "delivered" }]);
    // The same event twice at most, from the same delivery row: what a receiver deduplicates on (its webhook-id).
    expect(receiver.bodies).toHaveLength(2);
    expect(JSON.parse(receiver.bodies[1]!)).toEqual(JSON.parse(receiver.bodies[0]!));
    // Both carry the same webhook-id, each signed with the owner's secret: a receiver keeping the ids it has
    // processed acts on the event once.
    expect(receiver.headers.map((each) => each["webhook-id"])).toEqual([`msg_${deliveryId}`, `msg_${deliveryId}`]);
    const secret = await webhookSecret(userId);
    receiver.bodies.forEach((body, index) => {
      const signed = receiver.headers[index]! as Record<string, string>;
      expect(() => new Webhook(secret).verify(body, signed)).not.toThrow();
    });
    const job = await db.selectFrom("jobs").select(["status", "attempts"]).where("id", "=", delivered.job_id!).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "done", attempts: 2 });
    expect(await db.selectFrom("deliveries").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);

    // Killed after the success was recorded but before its job was marked done: the job's next run sends nothing.
    let sent = 0;
    expect(await recordAttempt(deliveryId, async () => void sent++)).toBe("delivered-before");
    expect(sent).toBe(0);
  });
});
