import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ports = vi.hoisted(() => {
  const smtp = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "600";
  process.env.CATALOG_COMPANIES = "60";
  process.env.CATALOG_DOCUMENTS = "60";
  return { smtp };
});

import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { sealFtpPassword } from "~/modules/delivery/ftp-password.server";
import { webhookSecret } from "~/modules/delivery/webhook-secrets.server";
import { cancelDump, createDump } from "~/modules/feeds/dumps.server";
import { startEngine } from "~/modules/server/engine.server";
import { createFeed, FeedLimitError, queueFeedRun } from "~/modules/feeds/feeds.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema, type Delivery, type Notification } from "~/modules/feeds/model";
import type { Worker } from "~/modules/jobs/worker.server";
import { startFtpServer, startSmtpServer, startWebhookReceiver } from "../support/loopback-servers";
import { waitFor } from "../support/wait";
import { confirmAddresses } from "../support/notification-addresses";
import { insertMacroSubscriber } from "../support/subscribers";
import { econProduct } from "~/modules/products/econ/econ.server";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ftp: Awaited<ReturnType<typeof startFtpServer>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
let userId: string;
let database: string;

async function createUser(): Promise<string> {
  const { id } = await insertMacroSubscriber({ label: "engine" });
  await confirmAddresses(id, ["first@client.test", "second@client.test", "feeds@client.test"]);
  return id;
}

const dumpRow = (id: string) => db.selectFrom("dumps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const filesOf = (column: "dump_id" | "feed_run_id", id: string) => db.selectFrom("files").selectAll().where(column, "=", id).execute();
const platform: Delivery = { method: "platform", ftp: null };
const silent: Notification = { emails: [], url: null, method: "POST" };

beforeAll(async () => {
  await prepareCatalog();
  smtp = await startSmtpServer(ports.smtp);
  ftp = await startFtpServer({ username: "feeds", password: "s3cret ftp" });
  hooks = await startWebhookReceiver([500, 204], { secret: () => webhookSecret(userId) });
  userId = await createUser();
  database = (await getCatalog().econLayout())[0]!.id;
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all([smtp?.close(), ftp?.close(), hooks?.close()]);
});

describe("dumps through the real worker", () => {
  it("writes a JSON dump, uploads it by FTP, e-mails two addresses and calls the webhook after a retry", async () => {
    const criteria = { database };
    const total = await getCatalog().countSeries(criteria);
    const id = await createDump(userId, "macroeconomic", {
      name: "All of one database",
      criteria,
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: {
        method: "ftp",
        ftp: {
          host: `ftp://127.0.0.1:${ftp.port}`,
          path: "/exports/daily",
          username: "feeds",
          passwordEncrypted: sealFtpPassword("s3cret ftp", userId, { host: `ftp://127.0.0.1:${ftp.port}`, username: "feeds" }),
        },
      },
      notification: { emails: ["first@client.test", "second@client.test"], url: hooks.url, method: "POST" },
    });
    const dump = await waitFor(
      () => dumpRow(id),
      (row) => row.status === "completed" || row.status === "failed",
    );
    expect(dump).toMatchObject({ status: "completed", processed: total, total, error: null });

    const [file] = await filesOf("dump_id", id);
    expect(file).toMatchObject({ format: "json", items: total });
    const content = fs.readFileSync(absoluteFilePath(file!.path), "utf8");
    const parsed = JSON.parse(content) as { dump: { id: string }; series: { id: string; points: unknown[] }[] };
    expect(parsed.dump.id).toBe(id);
    expect(parsed.series).toHaveLength(total);
    expect(parsed.series.every((series) => series.points.length > 0)).toBe(true);
    expect(fs.readdirSync(path.dirname(absoluteFilePath(file!.path))).filter((name) => name.endsWith(".partial"))).toEqual([]);

    const uploaded = path.join(ftp.root, "exports", "daily", file!.filename);
    await waitFor(async () => fs.existsSync(uploaded), Boolean);
    expect(fs.readFileSync(uploaded, "utf8")).toBe(content);

    const addressed = ["first@client.test", "second@client.test"];
    const notified = () => smtp.received.filter((mail) => mail.to.some((address) => addressed.includes(address)));
    await waitFor(
      async () => notified().length,
      (count) => count === 2,
    );
    const mails = notified();
    expect(mails.every((mail) => mail.subject === "Developer Portal: your dump is ready")).toBe(true);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(addressed);
    // Neither is the account's own address: they learn that the dump is ready and where, not its name or link (N12).
    expect(mails[0]!.text).toContain("A dump whose notification settings name this address is ready.");
    expect(mails[0]!.text).toContain("http://portal.test/");
    expect(mails[0]!.text).not.toContain("All of one database");

    await waitFor(
      async () => hooks.received.length,
      (count) => count === 2,
    );
    expect(hooks.received.map((hook) => hook.method)).toEqual(["POST", "POST"]);
    expect(hooks.received.map((hook) => hook.verification)).toEqual(["verified", "verified"]);
    expect(hooks.received[1]!.webhookId).toBe(hooks.received[0]!.webhookId);
    expect(JSON.parse(hooks.received[1]!.body)).toMatchObject({
      type: "dump.completed",
      data: { dumpId: id, records: total, fileId: file!.id, fileName: file!.filename },
    });
    // The receiver answers before the worker records the outcome: wait for the records, not the calls.
    const deliveries = await waitFor(
      () => db.selectFrom("deliveries").selectAll().where("dump_id", "=", id).orderBy("channel").execute(),
      (rows) => rows.every((row) => row.status !== "pending"),
    );
    expect(deliveries.map((delivery) => [delivery.channel, delivery.status, delivery.attempts])).toEqual([
      ["email", "succeeded", 1],
      ["email", "succeeded", 1],
      ["ftp", "succeeded", 1],
      ["webhook", "succeeded", 2],
    ]);
  });

  it("writes an XML dump with point-in-time vintages, and metadata only when asked", async () => {
    const [series] = await getCatalog().seriesPage({ database }, { limit: 3 });
    const criteria = { database, seriesIds: [series!.id], keyword: "no series is called like this" };
    const vintages = await createDump(userId, "macroeconomic", {
      name: "Vintages",
      criteria,
      options: outputOptionsSchema.parse({ format: "xml", vintages: true }),
      delivery: platform,
      notification: silent,
    });
    const metadata = await createDump(userId, "macroeconomic", {
      name: "Metadata",
      criteria,
      options: outputOptionsSchema.parse({ format: "xml", metadataOnly: true }),
      delivery: platform,
      notification: silent,
    });
    for (const id of [vintages, metadata])
      await waitFor(
        () => dumpRow(id),
        (row) => row.status === "completed",
      );

    const xml = fs.readFileSync(absoluteFilePath((await filesOf("dump_id", vintages))[0]!.path), "utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<dump>')).toBe(true);
    expect(xml.match(/<series>\n\s+<id>/g)).toHaveLength(1);
    expect(xml).toContain(`<id>${series!.id}</id>`);
    expect(xml).toContain("<revision>0</revision>");
    expect(xml).toContain("<publishedAt>");
    const metadataXml = fs.readFileSync(absoluteFilePath((await filesOf("dump_id", metadata))[0]!.path), "utf8");
    expect(metadataXml).not.toContain("<points>");
    expect(metadataXml.trim().endsWith("</dump>")).toBe(true);
  });

  it("runs one dump per user at a time and cancels a waiting dump", async () => {
    const owner = await createUser();
    const options = outputOptionsSchema.parse({});
    const first = await createDump(owner, "macroeconomic", {
      name: "First",
      criteria: { database },
      options,
      delivery: platform,
      notification: silent,
    });
    const second = await createDump(owner, "macroeconomic", {
      name: "Second",
      criteria: { database },
      options,
      delivery: platform,
      notification: silent,
    });
    const third = await createDump(owner, "macroeconomic", {
      name: "Third",
      criteria: { database },
      options,
      delivery: platform,
      notification: silent,
    });
    expect(await cancelDump(third)).toBe(true);
    const statuses = new Set<string>();
    await waitFor(
      async () => {
        const rows = await Promise.all([first, second].map(dumpRow));
        statuses.add(rows.map((row) => row.status).join(","));
        return rows;
      },
      (rows) => rows.every((row) => row.status === "completed"),
    );
    expect([...statuses]).not.toContain("running,running");
    const [a, b] = await Promise.all([first, second].map(dumpRow));
    expect(a!.finished_at! <= b!.started_at!).toBe(true);
    expect((await dumpRow(third)).status).toBe("cancelled");
    expect(await filesOf("dump_id", third)).toEqual([]);
    expect(await cancelDump(first)).toBe(false);
  });
});

describe("feeds through the real worker", () => {
  it("delivers only what changed since the last run, and no file when nothing changed", async () => {
    const owner = await createUser();
    const feedId = await createFeed(owner, "macroeconomic", {
      name: "Changes",
      frequency: "daily",
      criteria: { database },
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: platform,
      notification: { emails: ["feeds@client.test"], url: null, method: "POST" },
    });
    const runs = () => db.selectFrom("feed_runs").selectAll().where("feed_id", "=", feedId).orderBy("started_at").execute();

    await queueFeedRun(feedId);
    const [first] = await waitFor(runs, (rows) => rows.length === 1 && rows[0]!.status !== "running");
    expect(first).toMatchObject({ status: "unchanged", items: 0 });
    expect(await filesOf("feed_run_id", first!.id)).toEqual([]);

    const advanced = await getCatalog().advance(new Date());
    const changedIds = new Set([...advanced.appendedSeries, ...advanced.revisedSeries, ...advanced.newSeries]);
    const expected = (await getCatalog().changedSeries({ database }, first!.started_at, { limit: 10_000 })).map((series) => series.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((seriesId) => changedIds.has(seriesId))).toBe(true);

    await queueFeedRun(feedId);
    const second = (await waitFor(runs, (rows) => rows.length === 2 && rows[1]!.status !== "running"))[1]!;
    expect(second).toMatchObject({ status: "delivered", items: expected.length, since: first!.started_at });
    const [file] = await filesOf("feed_run_id", second.id);
    const delivered = JSON.parse(fs.readFileSync(absoluteFilePath(file!.path), "utf8")) as { series: { id: string }[] };
    expect(delivered.series.map((series) => series.id).sort()).toEqual([...expected].sort());
    await waitFor(async () => smtp.received.some((mail) => mail.to.includes("feeds@client.test")), Boolean);

    await queueFeedRun(feedId);
    const third = (await waitFor(runs, (rows) => rows.length === 3 && rows[2]!.status !== "running"))[2]!;
    expect(third.status).toBe("unchanged");
    const feed = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirstOrThrow();
    expect(feed).toMatchObject({ last_run_status: "unchanged", last_success_at: third.started_at });
  });

  it("allows at most five active macroeconomic feeds per user", async () => {
    const owner = await createUser();
    const input = {
      activeFeedLimit: econProduct.activeFeedLimit,
      name: "Feed",
      frequency: "weekly" as const,
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      notification: silent,
    };
    for (let index = 0; index < 5; index++) await createFeed(owner, "macroeconomic", input);
    await expect(createFeed(owner, "macroeconomic", input)).rejects.toBeInstanceOf(FeedLimitError);
    await expect(createFeed(owner, "macroeconomic", { ...input, active: false })).resolves.toBeTypeOf("string");
  });
});
