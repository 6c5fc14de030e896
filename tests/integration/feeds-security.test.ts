import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ports = vi.hoisted(() => {
  const smtp = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "20";
  process.env.CATALOG_DOCUMENTS = "20";
  return { smtp };
});

import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { openFtpPassword, sealFtpPassword } from "~/modules/delivery/ftp-password.server";
import { SecretError } from "~/modules/secrets/seal";
import { createDump } from "~/modules/feeds/dumps.server";
import { startEngine } from "~/modules/server/engine.server";
import { createFeed, queueDueFeeds, queueFeedRun } from "~/modules/feeds/feeds.server";
import { recordFile, relativeFilePath, absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema, type Notification } from "~/modules/feeds/model";
import { dailyNotificationEmailLimit } from "~/modules/feeds/notifications.server";
import type { Worker } from "~/modules/jobs/worker.server";
import * as createDumpPage from "~/routes/dashboard/products/create-dump";
import * as editFeedPage from "~/routes/dashboard/products/edit-feed";
import * as filesRoute from "~/routes/api/files";
import * as productApiRoute from "~/routes/api/product-api";
import { startSmtpServer } from "../support/loopback-servers";
import { waitFor } from "../support/wait";
import { confirmAddresses } from "../support/notification-addresses";
import { insertMacroSubscriber } from "../support/subscribers";
import { insertDelivery } from "../support/deliveries";

/** What the HTTP server hands every route. */
const context = { cspNonce: "test-nonce" };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: Worker;
let database: string;

async function createUser(options: { subscribed: boolean; admin?: boolean }): Promise<{ id: string; email: string; token: string }> {
  const { id, email } = await insertMacroSubscriber({ label: "security", ...options });
  return { id, email, token: (await createSession(id, "econ")).token };
}

async function endSubscription(userId: string): Promise<void> {
  await db
    .updateTable("subscriptions")
    .set({ ends_at: nowIso(new Date(Date.now() - 1000)) })
    .where("user_id", "=", userId)
    .execute();
}

const platform = { method: "platform" as const, ftp: null };
const notifying = (emails: string[]): Notification => ({ emails, url: null, method: "POST" });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const dumpRow = (id: string) => db.selectFrom("dumps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const feedRow = (id: string) => db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

function request(
  path: string,
  token: string,
  init: { method?: string; json?: unknown; raw?: string; form?: Record<string, string> } = {},
): Request {
  const headers = new Headers({ Authorization: `Bearer ${token}`, Cookie: `token=${token}` });
  let body: BodyInit | undefined;
  if (init.json !== undefined || init.raw !== undefined) {
    headers.set("Content-Type", "application/json");
    body = init.raw ?? JSON.stringify(init.json);
  } else if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(init.form).toString();
  }
  return new Request(`http://portal.test${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

function hasInit(value: unknown): value is { data: unknown; init: { status?: number } | null } {
  return typeof value === "object" && value !== null && "type" in value && value.type === "DataWithResponseInit";
}

/** A route's answer as a Response (data() included); a thrown Response (a guard) counts, anything else thrown fails the test. */
async function answer(call: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await call();
    if (result instanceof Response) return result;
    if (hasInit(result)) return new Response(JSON.stringify(result.data), { status: result.init?.status ?? 200 });
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

beforeAll(async () => {
  await prepareCatalog();
  smtp = await startSmtpServer(ports.smtp);
  database = (await getCatalog().econLayout())[0]!.id;
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
});

describe("[security-11] deliveries end with the subscription", () => {
  it("[security-11] a feed whose owner's subscription ended is not queued or run, shows why, and the owner is told once", async () => {
    const owner = await createUser({ subscribed: true });
    const feedId = await createFeed(owner.id, "macroeconomic", {
      name: "Ended feed",
      frequency: "daily",
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      notification: notifying(["feed-watcher@client.test"]),
    });
    await db
      .updateTable("feeds")
      .set({ next_run_at: nowIso(new Date(Date.now() - 60_000)) })
      .where("id", "=", feedId)
      .execute();
    await endSubscription(owner.id);

    expect(await queueDueFeeds()).toBe(0);
    expect(await queueDueFeeds()).toBe(0);
    await queueFeedRun(feedId);
    await waitFor(
      () => db.selectFrom("jobs").select("status").where("kind", "=", "run-feed").where("payload", "like", `%${feedId}%`).execute(),
      (jobs) => jobs.every((job) => job.status === "done"),
    );

    const feed = await feedRow(feedId);
    expect(feed).toMatchObject({ status: "inactive", next_run_at: null, pause_reason: "subscription-ended" });
    expect(await db.selectFrom("feed_runs").select("id").where("feed_id", "=", feedId).execute()).toEqual([]);
    await waitFor(
      async () => mailsTo(owner.email).length,
      (count) => count >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(owner.email)[0]!.subject).toBe("Developer Portal: your feed was paused");
    expect(mailsTo("feed-watcher@client.test")).toEqual([]);
    expect(await queueDueFeeds()).toBe(0);

    const admin = await createUser({ subscribed: true, admin: true });
    for (const [lang, text] of [
      ["en", "The subscription to this product has ended"],
      ["zh", "此产品的订阅已结束"],
    ] as const) {
      const details = await productApiRoute.loader({
        request: request(`/api/econ-feed?id=${feedId}&lang=${lang}`, admin.token),
        params: {},
        context,
      });
      const body = (await details.json()) as { pauseReason: string; reasonText: string };
      expect(body.pauseReason).toBe("subscription-ended");
      expect(body.reasonText).toContain(text);
    }
  });

  it("[security-11] a queued dump whose owner's subscription ended is not run, stores the reason and tells the owner once", async () => {
    const owner = await createUser({ subscribed: false });
    const id = await createDump(owner.id, "macroeconomic", {
      name: "Ended dump",
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      notification: notifying(["dump-watcher@client.test"]),
    });
    const dump = await waitFor(
      () => dumpRow(id),
      (row) => row.status !== "queued" && row.status !== "running",
    );
    expect(dump).toMatchObject({ status: "failed", stop_reason: "subscription-ended", processed: 0 });
    expect(await db.selectFrom("files").select("id").where("dump_id", "=", id).execute()).toEqual([]);
    await waitFor(
      async () => mailsTo(owner.email).length,
      (count) => count >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual(["Developer Portal: your dump was stopped"]);
    expect(mailsTo("dump-watcher@client.test")).toEqual([]);

    const admin = await createUser({ subscribed: true, admin: true });
    const details = await productApiRoute.loader({ request: request(`/api/econ-dump?id=${id}&lang=zh`, admin.token), params: {}, context });
    expect(await details.json()).toMatchObject({ stopReason: "subscription-ended", reasonText: expect.stringContaining("订阅已结束") });
  });

  it("[security-11] /api/files stops serving a product's files once the owner's subscription ended; admins still can", async () => {
    const owner = await createUser({ subscribed: true });
    const admin = await createUser({ subscribed: true, admin: true });
    const relative = relativeFilePath(owner.id, newId(), "json");
    fs.mkdirSync(absoluteFilePath(`${relative}/..`), { recursive: true });
    fs.writeFileSync(absoluteFilePath(relative), "{}");
    const file = await recordFile({
      userId: owner.id,
      product: "macroeconomic",
      format: "json",
      filename: "x.json",
      path: relative,
      size: 2,
      items: 0,
    });
    const download = (token: string) =>
      answer(() => filesRoute.loader({ request: request(`/api/files/${file.id}`, token), params: { fileId: file.id }, context }));

    expect((await download(owner.token)).status).toBe(200);
    await endSubscription(owner.id);
    expect((await download(owner.token)).status).toBe(404);
    expect((await download(admin.token)).status).toBe(200);
  });

  it("[security3-N11] an admin's download of a subscriber's file is in the audit trail, a download of one's own file is not", async () => {
    const owner = await createUser({ subscribed: true });
    const admin = await createUser({ subscribed: true, admin: true });
    const fileOf = async (userId: string, filename: string) => {
      const relative = relativeFilePath(userId, newId(), "json");
      fs.mkdirSync(absoluteFilePath(`${relative}/..`), { recursive: true });
      fs.writeFileSync(absoluteFilePath(relative), "{}");
      return recordFile({ userId, product: "macroeconomic", format: "json", filename, path: relative, size: 2, items: 0 });
    };
    const subscribers = await fileOf(owner.id, "subscriber.json");
    const admins = await fileOf(admin.id, "own.json");
    const download = (fileId: string, token: string) =>
      answer(() => filesRoute.loader({ request: request(`/api/files/${fileId}`, token), params: { fileId }, context }));
    const audited = (fileId: string) =>
      db.selectFrom("admin_actions").select(["admin_id", "action", "owner_username", "details"]).where("target", "=", fileId).execute();

    expect((await download(subscribers.id, owner.token)).status).toBe(200);
    expect((await download(admins.id, admin.token)).status).toBe(200);
    expect([await audited(subscribers.id), await audited(admins.id)]).toEqual([[], []]);
    expect((await download(subscribers.id, admin.token)).status).toBe(200);
    const ownerName = await db.selectFrom("users").select("username").where("id", "=", owner.id).executeTakeFirstOrThrow();
    expect(await audited(subscribers.id)).toEqual([
      {
        admin_id: admin.id,
        action: "file-download",
        owner_username: ownerName.username,
        details: JSON.stringify({ file: "subscriber.json" }),
      },
    ]);
  });
});

describe("[security-16] notification e-mails", () => {
  it("[security-16] past the daily limit notification e-mails are skipped with a reason, and the dump still completes", async () => {
    const owner = await createUser({ subscribed: true });
    await confirmAddresses(owner.id, ["one@limit.test", "two@limit.test", "three@limit.test"]);
    for (let sent = 1; sent < dailyNotificationEmailLimit; sent++)
      await insertDelivery({ userId: owner.id, channel: "email", target: "earlier@client.test", status: "succeeded" });
    const id = await createDump(owner.id, "macroeconomic", {
      name: "Limited",
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      notification: notifying(["one@limit.test", "two@limit.test", "three@limit.test"]),
    });
    expect(
      (
        await waitFor(
          () => dumpRow(id),
          (row) => row.status === "completed" || row.status === "failed",
        )
      ).status,
    ).toBe("completed");
    const deliveries = await waitFor(
      () => db.selectFrom("deliveries").selectAll().where("dump_id", "=", id).orderBy("target").execute(),
      (rows) => rows.length === 3 && rows.every((row) => row.status !== "pending"),
    );
    expect(deliveries.map((row) => [row.target, row.status])).toEqual([
      ["one@limit.test", "succeeded"],
      ["three@limit.test", "skipped"],
      ["two@limit.test", "skipped"],
    ]);
    expect(deliveries[1]!.last_error).toContain(`${dailyNotificationEmailLimit}`);
    expect(mailsTo("two@limit.test")).toEqual([]);
  });
});

describe("[security3-N12] notification e-mails to addresses other than the account's own", () => {
  it("[security3-N12] carry none of the subscriber's text, while the account's own address gets the details", async () => {
    const owner = await createUser({ subscribed: true });
    const phishing = "Your account is locked - verify at http://evil.example/login";
    const others = ["boss@thirdparty.test", "cfo@thirdparty.test"];
    await confirmAddresses(owner.id, others);
    const id = await createDump(owner.id, "macroeconomic", {
      name: phishing,
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      // The account's own address as the subscriber may have typed it.
      notification: notifying([...others, owner.email.toUpperCase()]),
    });
    const received = (address: string) => smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address));
    await waitFor(async () => [...others, owner.email].every((address) => received(address).length === 1), Boolean);
    const [file] = await db.selectFrom("files").select("id").where("dump_id", "=", id).execute();

    const own = received(owner.email)[0]!;
    expect(own.subject).toBe("Developer Portal: your dump is ready");
    expect(own.text).toContain(`Dump name: "${phishing}"`);
    expect(own.text).toContain(`http://portal.test/api/files/${file!.id}`);

    for (const address of others) {
      const mail = received(address)[0]!;
      expect(mail.subject).toBe("Developer Portal: your dump is ready");
      expect(mail.text).toContain("A dump whose notification settings name this address is ready.");
      expect(mail.text).toContain("Its owner finds the details on the Developer Portal: http://portal.test/");
      expect(mail.text).not.toContain("evil.example");
      expect(mail.text).not.toContain("locked");
      expect(mail.text).not.toContain("/api/files/");
    }
  });
});

describe("[security-13] crafted JSON in the econ API", () => {
  it('[security-13] deep nesting and {"toString":1} are a 422 with errors on every affected route, never a 500', async () => {
    const user = await createUser({ subscribed: true });
    const feedId = await createFeed(user.id, "macroeconomic", {
      name: "F",
      frequency: "daily",
      criteria: { database },
      options: outputOptionsSchema.parse({}),
      delivery: platform,
      notification: notifying([]),
      active: false,
    });
    const deep = `${"[".repeat(20_000)}"S1"${"]".repeat(20_000)}`;
    const routes = [
      { path: "/api/econ-delete-feeds", action: productApiRoute.action, body: (value: string) => `{"ids":${value}}`, field: "ids" },
      { path: "/api/econ-run-dump", action: productApiRoute.action, body: (value: string) => `{"ids":${value}}`, field: "ids" },
      {
        path: "/api/econ-dump/preview",
        action: productApiRoute.action,
        body: (value: string) => `{"database":"${database}","seriesIds":${value}}`,
        field: "seriesIds",
      },
      {
        path: "/api/econ-feed/preview",
        action: productApiRoute.action,
        body: (value: string) => `{"database":"${database}","seriesIds":${value}}`,
        field: "seriesIds",
      },
      {
        path: "/api/econ-dump",
        action: productApiRoute.action,
        body: (value: string) => `{"name":"D","database":"${database}","seriesIds":${value}}`,
        field: "seriesIds",
      },
      {
        path: "/api/econ-feed",
        action: productApiRoute.action,
        body: (value: string) => `{"name":"F","database":"${database}","seriesIds":${value}}`,
        field: "seriesIds",
      },
      {
        path: `/api/econ-feed?id=${feedId}`,
        method: "PUT",
        action: productApiRoute.action,
        body: (value: string) => `{"name":"F","database":"${database}","seriesIds":${value}}`,
        field: "seriesIds",
      },
    ];
    for (const route of routes) {
      const crafted = await answer(() =>
        route.action({
          request: request(route.path, user.token, { method: route.method, raw: route.body('[{"toString":1}]') }),
          params: {},
          context,
        }),
      );
      expect(crafted.status, route.path).toBe(422);
      expect(((await crafted.json()) as { errors: Record<string, string> }).errors[route.field], route.path).toBe(
        "Please enter ids as text or as a list of ids.",
      );
      // A body reader may refuse the depth before the route sees it: either way a 4xx with a message.
      const nested = await answer(() =>
        route.action({ request: request(route.path, user.token, { method: route.method, raw: route.body(deep) }), params: {}, context }),
      );
      expect(nested.status, route.path).toBeGreaterThanOrEqual(400);
      expect(nested.status, route.path).toBeLessThan(500);
      if (nested.status === 422) expect((await nested.json()) as object, route.path).toHaveProperty("errors");
    }
    expect((await feedRow(feedId)).deleted_at).toBeNull();
  });
});

describe("[security-17] stored FTP passwords", () => {
  const ftpFields = { deliveryMethod: "ftp", ftpUrl: "ftp://ftp.owner.test:2121", ftpPath: "/in", ftpUsername: "owner" };

  async function ftpFeed(owner: { id: string; token: string }): Promise<string> {
    const created = await productApiRoute.action({
      request: request("/api/econ-feed", owner.token, {
        json: { name: "FTP feed", database, status: "inactive", ...ftpFields, ftpPassword: "OwnerSecret-123" },
      }),
      params: {},
      context,
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }
  const storedFtp = async (feedId: string) =>
    (JSON.parse((await feedRow(feedId)).delivery) as { ftp: { passwordEncrypted: string; host: string; username: string } }).ftp;

  it("[security-17] changing the FTP host or username without a password is refused; the same server keeps it", async () => {
    const owner = await createUser({ subscribed: true });
    const feedId = await ftpFeed(owner);
    const sealed = (await storedFtp(feedId)).passwordEncrypted;
    expect(openFtpPassword(sealed, owner.id, { host: ftpFields.ftpUrl, username: "owner" })).toBe("OwnerSecret-123");

    for (const changed of [{ ftpUrl: "ftp://192.0.2.2:2121" }, { ftpUsername: "attacker" }, { ftpUrl: "ftp://ftp.owner.test:21" }]) {
      const put = await productApiRoute.action({
        request: request(`/api/econ-feed?id=${feedId}`, owner.token, {
          method: "PUT",
          json: { name: "FTP feed", database, status: "inactive", ...ftpFields, ...changed },
        }),
        params: {},
        context,
      });
      expect(put.status).toBe(422);
      expect(await put.json()).toEqual({ errors: { ftpPassword: "Enter the password again for the new FTP server." } });
    }
    const zh = await productApiRoute.action({
      request: request(`/api/econ-feed?id=${feedId}&lang=zh`, owner.token, {
        method: "PUT",
        json: { name: "FTP feed", database, status: "inactive", ...ftpFields, ftpUsername: "x" },
      }),
      params: {},
      context,
    });
    expect(await zh.json()).toEqual({ errors: { ftpPassword: "请为新的 FTP 服务器重新输入密码。" } });
    expect((await storedFtp(feedId)).passwordEncrypted).toBe(sealed);

    const page = await answer(() =>
      editFeedPage.action({
        request: request(`/dashboard/econ/edit-feed/${feedId}`, owner.token, {
          form: { intent: "save", name: "FTP feed", database, status: "inactive", ...ftpFields, ftpUrl: "ftp://192.0.2.2:2121" },
        }),
        params: { feedId },
        context,
      }),
    );
    expect(page.status).toBe(422);
    expect(await page.text()).toContain("validation.ftpPasswordAgain");

    const same = await productApiRoute.action({
      request: request(`/api/econ-feed?id=${feedId}`, owner.token, {
        method: "PUT",
        json: { name: "Renamed", database, status: "inactive", ...ftpFields, ftpUrl: "FTP.owner.test:2121" },
      }),
      params: {},
      context,
    });
    expect(same.status).toBe(200);
    expect((await storedFtp(feedId)).passwordEncrypted).toBe(sealed);
  });

  it("[security-17] a sealed password opens only for its user and server", async () => {
    const owner = await createUser({ subscribed: true });
    const other = await createUser({ subscribed: true });
    const sealed = sealFtpPassword("OwnerSecret-123", owner.id, { host: "ftp.owner.test", username: "owner" });
    expect(() => openFtpPassword(sealed, other.id, { host: "ftp.owner.test", username: "owner" })).toThrow(SecretError);
    expect(() => openFtpPassword(sealed, owner.id, { host: "192.0.2.2", username: "owner" })).toThrow(SecretError);
    expect(() => openFtpPassword(sealed, owner.id, { host: "ftp.owner.test", username: "someone" })).toThrow(SecretError);
  });

  it("[security-17] the create-dump page never carries a sealed password, and a posted one is not trusted", async () => {
    const owner = await createUser({ subscribed: true });
    const admin = await createUser({ subscribed: true, admin: true });
    const feedId = await ftpFeed(owner);
    const sealed = (await storedFtp(feedId)).passwordEncrypted;
    for (const viewer of [owner, admin]) {
      const loaded = await createDumpPage.loader({
        request: request(`/dashboard/econ/create-dump?fromFeed=${feedId}`, viewer.token),
        params: {},
        context,
      });
      const shown = JSON.stringify(loaded);
      expect(shown).not.toContain(sealed);
      expect(shown).not.toMatch(/v[12]:|passwordEncrypted/);
      expect(loaded.storedPassword).toBe(true);
    }

    const post = (form: Record<string, string>) =>
      answer(() =>
        createDumpPage.action({
          request: request(`/dashboard/econ/create-dump?fromFeed=${feedId}`, owner.token, {
            form: { intent: "create", name: "From feed", database, ...ftpFields, ...form },
          }),
          params: {},
          context,
        }),
      );
    expect((await post({ ftpPasswordSealed: sealed })).status).toBe(422);
    expect((await post({ fromFeed: feedId, ftpUrl: "ftp://192.0.2.2:2121" })).status).toBe(422);
    const created = await post({ fromFeed: feedId });
    expect(created.status).toBe(302);
    const dump = await db.selectFrom("dumps").selectAll().where("feed_id", "=", feedId).executeTakeFirstOrThrow();
    expect((JSON.parse(dump.delivery) as { ftp: { passwordEncrypted: string } }).ftp.passwordEncrypted).toBe(sealed);
    await db.updateTable("dumps").set({ status: "cancelled" }).where("id", "=", dump.id).execute();

    const otherFeed = await ftpFeed(admin);
    const adminPost = await answer(() =>
      createDumpPage.action({
        request: request("/dashboard/econ/create-dump", admin.token, {
          form: { intent: "create", name: "Borrowed", database, ...ftpFields, fromFeed: feedId, username: "" },
        }),
        params: {},
        context,
      }),
    );
    expect(adminPost.status, "an admin's own dump cannot borrow another user's password").toBe(422);
    expect(otherFeed).toBeTypeOf("string");
  });
});
