import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ports = vi.hoisted(() => {
  const smtp = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "30";
  process.env.CATALOG_DOCUMENTS = "30";
  return { smtp };
});

import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { createSession } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { sealFtpPassword } from "~/modules/delivery/ftp-password.server";
import { retryDeliveriesNow } from "~/modules/feeds/delivery-history.server";
import { createDump } from "~/modules/feeds/dumps.server";
import { createFeed, queueFeedRun } from "~/modules/feeds/feeds.server";
import { outputOptionsSchema, type Delivery } from "~/modules/feeds/model";
import { dumpDeliveries, feedRunHistory } from "~/modules/feeds/run-history.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import * as productApiRoute from "~/routes/api/product-api";
import { startFtpServer, startSmtpServer, startWebhookReceiver } from "../support/loopback-servers";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ftp: Awaited<ReturnType<typeof startFtpServer>>;
let fullFtp: Awaited<ReturnType<typeof startFtpServer>>;
let worker: Worker;
let database: string;
const closing: (() => Promise<void>)[] = [];

const minute = 60_000;
const platform: Delivery = { method: "platform", ftp: null };

beforeAll(async () => {
  await prepareCatalog();
  smtp = await startSmtpServer(ports.smtp);
  ftp = await startFtpServer({ username: "feeduser", password: "right password" });
  fullFtp = await startFtpServer({ username: "feeduser", password: "right password" }, "127.0.0.1", { fullDisk: true });
  database = (await getCatalog().econLayout())[0]!.id;
  // No retryBaseMs: deliveries wait their real minutes, which "Retry delivery now" cuts short.
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all([smtp?.close(), ftp?.close(), fullFtp?.close(), ...closing.map((close) => close())]);
});

async function receiver(statuses: number[]) {
  const hooks = await startWebhookReceiver(statuses);
  closing.push(hooks.close);
  return hooks;
}

const owner = async () => insertMacroSubscriber({ label: "history" });
const delivery = (channel: string, column: "dump_id" | "feed_run_id", id: string) =>
  db.selectFrom("deliveries").selectAll().where(column, "=", id).where("channel", "=", channel).executeTakeFirst();
const attemptsOf = (deliveryId: string) =>
  db
    .selectFrom("delivery_attempts")
    .select(["outcome", "error"])
    .where("delivery_id", "=", deliveryId)
    .orderBy("attempted_at")
    .orderBy("id")
    .execute();
const failureMails = (to: string) => smtp.received.filter((mail) => mail.to.includes(to) && /could not be delivered/.test(mail.subject));

function ftpDelivery(server: { port: number }, userId: string, password: string): Delivery {
  const host = `ftp://127.0.0.1:${server.port}`;
  return {
    method: "ftp",
    ftp: { host, path: "/in", username: "feeduser", passwordEncrypted: sealFtpPassword(password, userId, { host, username: "feeduser" }) },
  };
}

async function dumpTo(userId: string, delivery: Delivery, url: string | null = null): Promise<string> {
  return createDump(userId, "macroeconomic", {
    name: "History dump",
    criteria: { database },
    options: outputOptionsSchema.parse({ format: "json" }),
    delivery,
    notification: { emails: [], url, method: "POST" },
  });
}

/** The delivery once it has made `attempts` tries and the worker settled its job (queued for the retry, or done). */
async function afterAttempts(channel: string, column: "dump_id" | "feed_run_id", id: string, attempts: number) {
  const row = await waitFor(
    () => delivery(channel, column, id),
    (found) => found !== undefined && found.attempts === attempts,
    { timeoutMs: 30_000 },
  );
  await waitFor(
    () => db.selectFrom("jobs").select("status").where("id", "=", row!.job_id!).executeTakeFirstOrThrow(),
    (job) => job.status !== "running",
  );
  return (await delivery(channel, column, id))!;
}

describe("delivery history, failures and retries", () => {
  it("retries a webhook that answered 500 a minute later, or at once on Retry delivery now, and records both attempts", async () => {
    const user = await owner();
    const hooks = await receiver([500, 200]);
    const dumpId = await dumpTo(user.id, platform, hooks.url);

    const failed = await afterAttempts("webhook", "dump_id", dumpId, 1);
    expect(failed).toMatchObject({ status: "pending", last_error: "The webhook answered HTTP 500" });
    const wait = Date.parse(failed.next_attempt_at!) - Date.parse(failed.updated_at);
    expect(wait).toBeGreaterThan(minute - 5_000);
    expect(wait).toBeLessThanOrEqual(minute);
    expect((await dumpDeliveries([dumpId])).get(dumpId)!.find((entry) => entry.channel === "webhook")).toMatchObject({
      state: "retrying",
      attempts: 1,
      lastError: "The webhook answered HTTP 500",
    });

    // The owner hears once, with the reason and the dump's page.
    await waitFor(
      async () => failureMails(user.email).length,
      (count) => count === 1,
    );
    const [mail] = failureMails(user.email);
    expect(mail!.subject).toBe("Developer Portal: your dump could not be delivered");
    expect(mail!.text).toContain('Reason: "The webhook answered HTTP 500"');
    expect(mail!.text).toContain(`http://portal.test/dashboard/econ/dump-details/${dumpId}`);

    expect(await retryDeliveriesNow({ dumpId })).toEqual({ retried: 1, inProgress: 0 });
    const delivered = await waitFor(
      () => delivery("webhook", "dump_id", dumpId),
      (row) => row?.status === "succeeded",
    );
    expect(delivered).toMatchObject({ attempts: 2, last_error: null, next_attempt_at: null });
    expect(await attemptsOf(delivered!.id)).toEqual([
      { outcome: "failed", error: "The webhook answered HTTP 500" },
      { outcome: "delivered", error: null },
    ]);
    expect(hooks.received).toHaveLength(2);
    // The same event both times: a receiver can tell the retry from a new delivery.
    expect(JSON.parse(hooks.received[1]!.body)).toEqual(JSON.parse(hooks.received[0]!.body));
    const entries = (await dumpDeliveries([dumpId])).get(dumpId)!;
    expect(entries.map((entry) => [entry.channel, entry.state, entry.attempts])).toEqual([
      ["download", "delivered", 1],
      ["webhook", "delivered", 2],
    ]);
    expect((await db.selectFrom("dumps").select("status").where("id", "=", dumpId).executeTakeFirstOrThrow()).status).toBe("completed");
    expect(await retryDeliveriesNow({ dumpId })).toEqual({ retried: 0, inProgress: 0 });
  });

  it("records each refused FTP login as an attempt of one delivery, mails the owner once, and fails the dump when the retries are used up", async () => {
    const user = await owner();
    const dumpId = await dumpTo(user.id, ftpDelivery(ftp, user.id, "wrong password"));
    const first = await afterAttempts("ftp", "dump_id", dumpId, 1);
    expect(first.last_error).toBe("The FTP server refused the login for user feeduser");
    for (let attempt = 2; attempt <= 6; attempt++) {
      expect(await retryDeliveriesNow({ dumpId })).toEqual({ retried: 1, inProgress: 0 });
      await afterAttempts("ftp", "dump_id", dumpId, attempt);
    }
    const gaveUp = await waitFor(
      () => delivery("ftp", "dump_id", dumpId),
      (row) => row?.status === "failed",
    );
    expect(gaveUp).toMatchObject({ attempts: 6, last_error: "The FTP server refused the login for user feeduser", next_attempt_at: null });
    const history = await attemptsOf(gaveUp!.id);
    expect(history).toHaveLength(6);
    expect(
      history.every((attempt) => attempt.outcome === "failed" && attempt.error === "The FTP server refused the login for user feeduser"),
    ).toBe(true);
    const dump = await waitFor(
      () => db.selectFrom("dumps").select(["status", "error"]).where("id", "=", dumpId).executeTakeFirstOrThrow(),
      (row) => row.status === "failed",
    );
    expect(dump.error).toBe("Delivery failed: The FTP server refused the login for user feeduser");
    expect(failureMails(user.email)).toHaveLength(1);
    // Each failed try is a pipeline incident linked to the dump and its owner.
    const incidents = await db.selectFrom("pipeline_incidents").selectAll().where("dump_id", "=", dumpId).execute();
    expect(incidents.length).toBeGreaterThanOrEqual(6);
    expect(
      incidents.every(
        (incident) =>
          incident.owner_id === user.id && incident.message === "deliver failed: The FTP server refused the login for user feeduser",
      ),
    ).toBe(true);
    expect((await dumpDeliveries([dumpId])).get(dumpId)!.find((entry) => entry.channel === "ftp")!.state).toBe("failed");
    // Given up is not the end: Retry delivery now gives it one more attempt.
    expect(await retryDeliveriesNow({ dumpId })).toEqual({ retried: 1, inProgress: 0 });
    await afterAttempts("ftp", "dump_id", dumpId, 7);
  });

  it("records a server that answers an error mid-upload (a full disk), and leaves no file behind", async () => {
    const user = await owner();
    const dumpId = await dumpTo(user.id, ftpDelivery(fullFtp, user.id, "right password"));
    const failed = await afterAttempts("ftp", "dump_id", dumpId, 1);
    expect(failed.status).toBe("pending");
    expect(failed.last_error).toMatch(/^The FTP server (refused the transfer \(reply 5\d\d\)|could not be reached)$/);
    const [file] = await db.selectFrom("files").select("filename").where("dump_id", "=", dumpId).execute();
    expect(fs.existsSync(path.join(fullFtp.root, "in", file!.filename))).toBe(false);
    expect((await dumpDeliveries([dumpId])).get(dumpId)!.find((entry) => entry.channel === "ftp")).toMatchObject({
      state: "retrying",
      history: [{ outcome: "failed", error: failed.last_error }],
    });
  });

  it("stops a feed run's pending retries when the owner's subscription ends", async () => {
    const user = await owner();
    const hooks = await receiver([503]);
    const feedId = await createFeed(user.id, "macroeconomic", {
      name: "Retried feed",
      frequency: "daily",
      criteria: { database },
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: platform,
      notification: { emails: [], url: hooks.url, method: "POST" },
    });
    // Created long ago, so its first run carries every series.
    await db.updateTable("feeds").set({ created_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", feedId).execute();
    await queueFeedRun(feedId);
    const run = await waitFor(
      () => db.selectFrom("feed_runs").selectAll().where("feed_id", "=", feedId).executeTakeFirst(),
      (row) => row?.status === "delivered",
    );
    await afterAttempts("webhook", "feed_run_id", run!.id, 1);
    const [incident] = await db.selectFrom("pipeline_incidents").selectAll().where("feed_run_id", "=", run!.id).execute();
    expect(incident).toMatchObject({
      owner_id: user.id,
      feed_id: feedId,
      dump_id: null,
      message: "notify failed: The webhook answered HTTP 503",
    });
    const [retrying] = (await feedRunHistory([feedId])).get(feedId)!;
    expect(retrying).toMatchObject({ id: run!.id, status: "delivered", state: "retrying" });
    expect(retrying!.deliveries.map((entry) => [entry.channel, entry.state, entry.lastError])).toEqual([
      ["download", "delivered", null],
      ["webhook", "retrying", "The webhook answered HTTP 503"],
    ]);
    expect(retrying!.file).toMatchObject({ format: "json", downloadUrl: `/api/files/${retrying!.fileId}` });

    await db
      .updateTable("subscriptions")
      .set({ ends_at: nowIso(new Date(Date.now() - 1000)) })
      .where("user_id", "=", user.id)
      .execute();
    expect(await retryDeliveriesNow({ feedRunId: run!.id })).toEqual({ retried: 1, inProgress: 0 });
    const stopped = await waitFor(
      () => delivery("webhook", "feed_run_id", run!.id),
      (row) => row?.status === "failed",
    );
    expect(stopped).toMatchObject({ attempts: 1, last_error: "The owner's subscription to this product has ended" });
    expect(hooks.received).toHaveLength(1);
    const [ended] = (await feedRunHistory([feedId])).get(feedId)!;
    expect(ended!.state).toBe("failed");
  });
  it("answers that a delivery is being attempted when Retry delivery now comes while its job runs, and moves nothing", async () => {
    const user = await owner();
    const { token } = await createSession(user.id, "econ");
    // A receiver that holds the request until told: the webhook job stays running meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const server = http.createServer((_request, response) => {
      requests++;
      void held.then(() => response.end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closing.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const dumpId = await dumpTo(user.id, platform, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    const running = await waitFor(
      () => delivery("webhook", "dump_id", dumpId),
      (row) => row?.job_id !== null && row?.job_id !== undefined && requests === 1,
      { timeoutMs: 30_000 },
    );
    expect((await db.selectFrom("jobs").select("status").where("id", "=", running!.job_id!).executeTakeFirstOrThrow()).status).toBe(
      "running",
    );

    const response = await productApiRoute.action({
      request: new Request("http://portal.test/api/econ-retry-delivery", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ dumpId }),
      }),
      params: {},
      context: { cspNonce: "" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      retried: 0,
      inProgress: 1,
      message: "The delivery is being attempted at this moment: its outcome will show in the history shortly.",
    });

    release();
    const delivered = await waitFor(
      () => delivery("webhook", "dump_id", dumpId),
      (row) => row?.status === "succeeded",
    );
    // The one try that was running, not a second one queued behind it.
    expect(delivered!.attempts).toBe(1);
    expect(requests).toBe(1);
    expect(await retryDeliveriesNow({ dumpId })).toEqual({ retried: 0, inProgress: 0 });
  });
});
