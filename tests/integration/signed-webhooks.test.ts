import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "600";
  process.env.CATALOG_COMPANIES = "60";
  process.env.CATALOG_DOCUMENTS = "60";
});

import { Webhook } from "standardwebhooks";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { newId } from "~/modules/db/ids";
import { webhookRequest } from "~/modules/delivery/webhook-message";
import { rotateWebhookSecret, rotationOverlapMs, signingSecrets, webhookSecret } from "~/modules/delivery/webhook-secrets.server";
import { createDump } from "~/modules/feeds/dumps.server";
import { createFeed, queueFeedRun } from "~/modules/feeds/feeds.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { feedRunHistory } from "~/modules/feeds/run-history.server";
import { testWebhookPayload } from "~/modules/feeds/webhook-events";
import { sendTestWebhook, testEventsPerHour, webhookTargets } from "~/modules/feeds/webhooks.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import { startWebhookReceiver } from "../support/loopback-servers";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

let worker: Worker;
let database: string;

beforeAll(async () => {
  await prepareCatalog();
  database = (await getCatalog().econLayout())[0]!.id;
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

const subscriber = async () => (await insertMacroSubscriber({ label: "signed" })).id;

/** A message signed now with the secrets that sign at `at`, and whether each given secret verifies it. */
async function verifiesWith(userId: string, at: Date, candidates: string[]): Promise<boolean[]> {
  const message = { id: "msg_rotation", payload: testWebhookPayload(at.toISOString()) };
  const request = webhookRequest("https://hooks.test/in", "POST", message, await signingSecrets(userId, at), new Date());
  return candidates.map((secret) => {
    try {
      new Webhook(secret).verify(request.body!, request.headers);
      return true;
    } catch {
      return false;
    }
  });
}

describe("webhook signing secrets", () => {
  it("creates one whsec_ secret per subscriber on first need, stored sealed", async () => {
    const [first, second] = [await subscriber(), await subscriber()];
    const [a, b] = await Promise.all([webhookSecret(first), webhookSecret(first)]);
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(b).toBe(a);
    expect(await webhookSecret(second)).not.toBe(a);
    const row = await db.selectFrom("webhook_secrets").selectAll().where("user_id", "=", first).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v2:/);
    expect(JSON.stringify(row)).not.toContain(a.slice("whsec_".length));
  });

  it("signs with the old secret beside the new one for 24 hours after a rotation, then with the new one only", async () => {
    const userId = await subscriber();
    const old = await webhookSecret(userId);
    const rotatedAt = new Date("2026-11-01T10:00:00.000Z");
    const fresh = await rotateWebhookSecret(userId, rotatedAt);
    expect(fresh).not.toBe(old);
    expect(await webhookSecret(userId)).toBe(fresh);

    const during = new Date(rotatedAt.getTime() + rotationOverlapMs - 1_000);
    expect(await signingSecrets(userId, during)).toEqual([fresh, old]);
    expect(await verifiesWith(userId, during, [fresh, old])).toEqual([true, true]);

    const after = new Date(rotatedAt.getTime() + rotationOverlapMs);
    expect(await signingSecrets(userId, after)).toEqual([fresh]);
    expect(await verifiesWith(userId, after, [fresh, old])).toEqual([true, false]);
  });
});

describe("signed webhooks through the real worker", () => {
  it("sends the same webhook-id again when the receiver answers 500 then 200, each call verified", async () => {
    const userId = await subscriber();
    const receiver = await startWebhookReceiver([500, 200], { secret: () => webhookSecret(userId) });
    try {
      const id = await createDump(userId, "macroeconomic", {
        name: "Signed",
        criteria: { database },
        options: outputOptionsSchema.parse({ format: "json" }),
        delivery: { method: "platform", ftp: null },
        notification: { emails: [], url: receiver.url, method: "POST" },
      });
      const delivery = await waitFor(
        () => db.selectFrom("deliveries").selectAll().where("dump_id", "=", id).where("channel", "=", "webhook").executeTakeFirst(),
        (row) => row?.status === "succeeded",
      );
      expect(receiver.received.map((hook) => hook.verification)).toEqual(["verified", "verified"]);
      expect(receiver.received.map((hook) => hook.webhookId)).toEqual([`msg_${delivery!.id}`, `msg_${delivery!.id}`]);
      const file = await db.selectFrom("files").selectAll().where("dump_id", "=", id).executeTakeFirstOrThrow();
      expect(JSON.parse(receiver.received[1]!.body)).toEqual({
        type: "dump.completed",
        timestamp: delivery!.created_at,
        data: {
          feedId: null,
          dumpId: id,
          runId: null,
          name: "Signed",
          fileId: file.id,
          fileName: file.filename,
          downloadUrl: `http://portal.test/api/files/${file.id}`,
          records: file.items,
          newCount: null,
          changedCount: null,
          error: null,
        },
      });
    } finally {
      await receiver.close();
    }
  });
});

describe("a feed run's webhook", () => {
  it("names the feed and the run, signed and verified", async () => {
    const userId = await subscriber();
    const receiver = await startWebhookReceiver([204], { secret: () => webhookSecret(userId) });
    try {
      const feedId = await createFeed(userId, "macroeconomic", {
        name: "Signed feed",
        frequency: "daily",
        criteria: { database },
        options: outputOptionsSchema.parse({ format: "json" }),
        delivery: { method: "platform", ftp: null },
        notification: { emails: [], url: receiver.url, method: "POST" },
      });
      const runs = () => db.selectFrom("feed_runs").selectAll().where("feed_id", "=", feedId).orderBy("started_at").execute();
      await queueFeedRun(feedId);
      await waitFor(runs, (rows) => rows.length === 1 && rows[0]!.status !== "running");
      await getCatalog().advance(new Date());
      await queueFeedRun(feedId);
      const run = (await waitFor(runs, (rows) => rows.length === 2 && rows[1]!.status !== "running"))[1]!;
      expect(run.status).toBe("delivered");
      await waitFor(
        async () => receiver.received.length,
        (count) => count === 1,
      );
      expect(receiver.received[0]!.verification).toBe("verified");
      const file = await db.selectFrom("files").selectAll().where("feed_run_id", "=", run.id).executeTakeFirstOrThrow();
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        type: "feed.run.delivered",
        data: {
          feedId,
          dumpId: null,
          runId: run.id,
          fileId: file.id,
          fileName: file.filename,
          records: run.items,
          newCount: run.new_count,
          changedCount: run.changed_count,
        },
      });
      // Every series a run delivers is new or changed since the previous run.
      expect(run.new_count! + run.changed_count!).toBe(run.items);
      expect(run.items).toBeGreaterThan(0);
      expect((await feedRunHistory([feedId])).get(feedId)![0]).toMatchObject({
        id: run.id,
        newCount: run.new_count,
        changedCount: run.changed_count,
      });
    } finally {
      await receiver.close();
    }
  });
});

describe("the test event", () => {
  it("goes signed to one of the subscriber's own webhook URLs and says what the receiver answered", async () => {
    const userId = await subscriber();
    const good = await startWebhookReceiver([200], { secret: () => webhookSecret(userId) });
    const failing = await startWebhookReceiver([503], { secret: () => webhookSecret(userId) });
    try {
      for (const [url, method] of [
        [good.url, "POST"],
        [failing.url, "PUT"],
      ] as const)
        await createDump(userId, "macroeconomic", {
          name: "Targets",
          criteria: { database },
          options: outputOptionsSchema.parse({ format: "json", metadataOnly: true }),
          delivery: { method: "platform", ftp: null },
          notification: { emails: [], url, method },
        });
      expect(await webhookTargets(userId)).toEqual(
        expect.arrayContaining([
          { method: "POST", url: good.url },
          { method: "PUT", url: failing.url },
        ]),
      );
      // The dumps notify these receivers too, in the background: the test events are told apart by their id.
      const tests = (receiver: typeof good) => receiver.received.filter((hook) => hook.webhookId.startsWith("msg_test_"));
      expect(await sendTestWebhook(userId, `POST ${good.url}`)).toEqual({ ok: true, status: 200 });
      const [test] = tests(good);
      expect(test).toMatchObject({ method: "POST", verification: "verified" });
      expect(JSON.parse(test!.body)).toMatchObject({ type: "test" });

      const outcome = await sendTestWebhook(userId, `PUT ${failing.url}`);
      expect(outcome).toMatchObject({ ok: false });
      expect(outcome?.ok === false && outcome.reason).toMatch(/503/);
      expect(tests(failing)).toMatchObject([{ method: "PUT", verification: "verified" }]);

      // Only the subscriber's own URLs: anything else is not sent at all.
      expect(await sendTestWebhook(userId, "POST http://127.0.0.1:9/elsewhere")).toBeNull();
      expect(await sendTestWebhook(await subscriber(), `POST ${good.url}`)).toBeNull();
    } finally {
      await Promise.all([good.close(), failing.close()]);
    }
  });

  it("sends at most ten test events an hour per subscriber", async () => {
    const userId = await subscriber();
    const receiver = await startWebhookReceiver([204], { secret: () => webhookSecret(userId) });
    try {
      await db
        .insertInto("dumps")
        .values({
          id: newId(),
          user_id: userId,
          product: "macroeconomic",
          feed_id: null,
          name: "Target only",
          criteria: JSON.stringify({ database }),
          options: "{}",
          delivery: JSON.stringify({ method: "platform", ftp: null }),
          notification: JSON.stringify({ emails: [], url: receiver.url, method: "POST" }),
          status: "completed",
          job_id: null,
          estimated_end_at: null,
          error: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          started_at: null,
          finished_at: null,
        })
        .execute();
      for (let sent = 0; sent < testEventsPerHour; sent++)
        expect(await sendTestWebhook(userId, `POST ${receiver.url}`)).toEqual({ ok: true, status: 204 });
      const refused = await sendTestWebhook(userId, `POST ${receiver.url}`);
      expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/^At most 10 test events an hour/) });
      expect(receiver.received).toHaveLength(testEventsPerHour);
      expect(receiver.received.every((hook) => hook.verification === "verified")).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
