import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ports = vi.hoisted(() => {
  const smtp = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "100";
  process.env.CATALOG_COMPANIES = "5";
  process.env.CATALOG_DOCUMENTS = "5";
  return { smtp };
});

import { sha256 } from "~/modules/auth/crypto.server";
import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import * as productApiRoute from "~/routes/api/product-api";
import * as dumpDetailsPage from "~/routes/dashboard/products/dump-details";
import * as feedDetailsPage from "~/routes/dashboard/products/feed-details";
import * as addressPage from "~/routes/public/notification-address";
import { startSmtpServer } from "../support/loopback-servers";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

/** Issue 27: notification addresses other than the account's own get nothing until their confirmation link is followed. */

const context = { cspNonce: "test-nonce" };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: Worker;
let database: string;
let owner: { id: string; email: string; token: string };

function request(path: string, init: { json?: unknown; form?: Record<string, string> } = {}): Request {
  const headers = new Headers({ Authorization: `Bearer ${owner.token}`, Cookie: `token=${owner.token}` });
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(init.form).toString();
  }
  return new Request(`http://portal.test${path}`, { method: body ? "POST" : "GET", headers, body });
}

async function api(path: string, json?: unknown): Promise<Record<string, unknown>> {
  const response =
    json === undefined
      ? await productApiRoute.loader({ request: request(path), params: {}, context })
      : await productApiRoute.action({ request: request(path, { json }), params: {}, context });
  return (await response.json()) as Record<string, unknown>;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address));
const linkIn = (text: string) => /http:\/\/portal\.test\/notification-address\/([\w-]+)/.exec(text)?.[1];

/** A completed dump notifying `emails`, and the e-mail deliveries it recorded. */
async function dumpNotifying(emails: string[]) {
  const { id } = (await api("/api/econ-dump", {
    name: "Notified dump",
    database,
    metadataOnly: true,
    notificationEmail: emails.join(", "),
  })) as { id: string };
  return waitFor(
    () =>
      db
        .selectFrom("deliveries")
        .select(["target", "status", "last_error"])
        .where("dump_id", "=", id)
        .where("channel", "=", "email")
        .execute(),
    (rows) => rows.length === emails.length && rows.every((row) => row.status !== "pending"),
    { timeoutMs: 20_000 },
  );
}

beforeAll(async () => {
  await prepareCatalog();
  smtp = await startSmtpServer(ports.smtp);
  database = (await getCatalog().econLayout())[0]!.id;
  const user = await insertMacroSubscriber({ label: "addresses" });
  owner = { ...user, token: (await createSession(user.id, "econ")).token };
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
});

describe("notification e-mail addresses", () => {
  it("another address gets a confirmation link and nothing else until it is followed; the account's own gets notified at once", async () => {
    const watcher = "Watcher@client.test";
    const before = await dumpNotifying([watcher, owner.email]);
    expect(before.find((row) => row.target === watcher)).toMatchObject({
      status: "skipped",
      last_error: expect.stringMatching(/not confirmed/),
    });
    expect(before.find((row) => row.target === owner.email)?.status).toBe("succeeded");

    const [mail, ...more] = await waitFor(
      async () => mailsTo("watcher@client.test"),
      (mails) => mails.length >= 1,
    );
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Confirm your address for Developer Portal notifications");
    const token = linkIn(mail!.text)!;
    expect(token).toBeTruthy();

    // The link is only in the mail: the database keeps its hash, and no job, outbox row or log line holds it.
    const row = await db.selectFrom("notification_addresses").selectAll().where("user_id", "=", owner.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ address: "watcher@client.test", token_hash: sha256(token), confirmed_at: null });
    const jobs = await db.selectFrom("jobs").select("payload").execute();
    const outbox = await db.selectFrom("outbox").select("body").execute();
    expect([...jobs.map((job) => job.payload), ...outbox.map((entry) => entry.body)].some((text) => text.includes(token))).toBe(false);

    // Opening the link only asks; the button confirms, once.
    const page = await addressPage.loader({
      request: new Request(`http://portal.test/notification-address/${token}`),
      params: { token },
      context,
    });
    expect(page.pending).toEqual({ address: "watcher@client.test", username: expect.any(String) });
    const confirm = () =>
      addressPage.action({
        request: new Request(`http://portal.test/notification-address/${token}`, { method: "POST" }),
        params: { token },
        context,
      });
    expect(await confirm()).toEqual({ confirmed: "watcher@client.test" });
    expect(await confirm()).toEqual({ confirmed: null });

    const after = await dumpNotifying([watcher]);
    expect(after).toEqual([expect.objectContaining({ target: watcher, status: "succeeded" })]);
    await waitFor(
      async () => mailsTo("watcher@client.test").length,
      (count) => count === 2,
    );
  }, 60_000);

  it("the feed shows the addresses awaiting confirmation and sends the link again; the old link stops working", async () => {
    const created = await api("/api/econ-feed", {
      name: "Watched feed",
      database,
      status: "inactive",
      notificationEmail: "late@client.test",
    });
    const feedId = String(created.id);
    expect((await api(`/api/econ-feed?id=${feedId}`)).awaitingConfirmation).toEqual(["late@client.test"]);
    const [first] = await waitFor(
      async () => mailsTo("late@client.test"),
      (mails) => mails.length === 1,
    );
    const oldToken = linkIn(first!.text)!;

    const resend = await feedDetailsPage.action({
      request: request(`/dashboard/econ/feed-details/${feedId}`, { form: { intent: "resend-address", address: "late@client.test" } }),
      params: { feedId },
      context,
    });
    expect((resend as Response).status).toBe(302);
    const mails = await waitFor(
      async () => mailsTo("late@client.test"),
      (list) => list.length === 2,
    );
    const newToken = linkIn(mails[1]!.text)!;
    expect(newToken).not.toBe(oldToken);
    expect(await addressPage.loader({ request: new Request("http://portal.test/"), params: { token: oldToken }, context })).toMatchObject({
      pending: null,
    });
    await addressPage.action({ request: new Request("http://portal.test/", { method: "POST" }), params: { token: newToken }, context });
    expect((await api(`/api/econ-feed?id=${feedId}`)).awaitingConfirmation).toEqual([]);

    // Another address of nobody's feed: nothing to send again.
    const unknown = await feedDetailsPage.action({
      request: request(`/dashboard/econ/feed-details/${feedId}`, { form: { intent: "resend-address", address: "stranger@client.test" } }),
      params: { feedId },
      context,
    });
    expect((unknown as { init: { status: number } }).init.status).toBe(400);
  }, 60_000);
  it("a dump shows its addresses awaiting confirmation and sends the link again, once a minute at most (429)", async () => {
    const { id: dumpId } = (await api("/api/econ-dump", {
      name: "Watched dump",
      database,
      metadataOnly: true,
      notificationEmail: "dump.watcher@client.test",
    })) as { id: string };
    expect((await api(`/api/econ-dump?id=${dumpId}`)).awaitingConfirmation).toEqual(["dump.watcher@client.test"]);
    await waitFor(
      async () => mailsTo("dump.watcher@client.test"),
      (mails) => mails.length === 1,
    );
    const page = await dumpDetailsPage.loader({ request: request(`/dashboard/econ/dump-details/${dumpId}`), params: { dumpId }, context });
    expect(page.details.dump.awaitingConfirmation).toEqual(["dump.watcher@client.test"]);

    const resend = () =>
      dumpDetailsPage.action({
        request: request(`/dashboard/econ/dump-details/${dumpId}`, {
          form: { intent: "resend-address", address: "dump.watcher@client.test" },
        }),
        params: { dumpId },
        context,
      });
    expect(((await resend()) as Response).status).toBe(302);
    await waitFor(
      async () => mailsTo("dump.watcher@client.test"),
      (mails) => mails.length === 2,
    );
    const refused = (await resend()) as unknown as { data: { error: string }; init: { status: number; headers: Record<string, string> } };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error).toBe("notificationAddress.tooOften");
    expect(Number(refused.init.headers["Retry-After"])).toBeGreaterThan(0);
    expect(mailsTo("dump.watcher@client.test")).toHaveLength(2);

    // The JSON API answers the same limit, and 404 for an address that awaits nothing.
    const resendJson = (address: string) =>
      productApiRoute.action({ request: request("/api/econ-resend-address", { json: { address } }), params: {}, context });
    const limited = await resendJson("dump.watcher@client.test");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "The link to this address was sent again recently: it can be sent again once a minute and 5 times a day. Try again later.",
    });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await resendJson("nobody@client.test")).status).toBe(404);
    expect((await resendJson("not an address")).status).toBe(422);
  }, 60_000);
});
