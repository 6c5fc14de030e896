import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession } from "~/modules/auth/session.server";
import { findUserByEmail } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { listOutbox } from "~/modules/mail/outbox.server";
import { sendMail } from "~/modules/mail/mail.server";
import { action as apiAction, loader as api } from "~/routes/api/admin-logs";
import * as page from "~/routes/dashboard/admin/log-screen";
import { callApi, callRoute, loadPage, routeRequest } from "../support/remix-route";

const ids = {
  sent: "00000000-0000-4000-8000-000000000001",
  failed: "00000000-0000-4000-8000-000000000002",
  percent: "00000000-0000-4000-8000-000000000003",
};
const unknownId = "00000000-0000-4000-8000-00000000ffff";

async function insert(id: string, createdAt: string, recipient: string, status: "sent" | "failed") {
  await db
    .insertInto("outbox")
    .values({
      id,
      created_at: createdAt,
      recipient,
      reply_to: null,
      subject: `${status} mail`,
      body: `Body of ${id}`,
      status,
      attempts: 1,
      last_error: status === "failed" ? "connect ECONNREFUSED 127.0.0.1:25" : null,
      sent_at: status === "sent" ? createdAt : null,
    })
    .execute();
}

async function bearer(email: string): Promise<string> {
  const user = await findUserByEmail(email);
  return (await createSession(user!.id, "econ")).token;
}

/** The outbox page's answer: its status and data. */
async function loadOutboxPage(url: string, token?: string) {
  const { status, data } = await loadPage(page.loader, url, token);
  return { status, data: data?.screen === "outbox" ? data : null };
}

let adminToken = "";
let subscriberToken = "";
let storedId = "";

beforeAll(async () => {
  await seedDemoAccounts();
  adminToken = await bearer("admin@demo.test");
  subscriberToken = await bearer("macro@demo.test");
  await insert(ids.sent, "2026-01-10T08:00:00.000Z", "Sent.Person@example.com", "sent");
  await insert(ids.failed, "2026-01-11T08:00:00.000Z", "failed.person@example.com", "failed");
  await insert(ids.percent, "2026-01-09T08:00:00.000Z", "100%_off@example.com", "sent");
  // Without SMTP_URL the real mail module keeps the message in the outbox.
  ({ id: storedId } = await sendMail({
    to: "stored.person@example.com",
    replyTo: "asker@example.com",
    subject: "<b>Hello</b>",
    text: "Line one\n<script>alert(1)</script>",
  }));
});

describe("listOutbox", () => {
  it("lists the newest first, within the limit, and counts every match", async () => {
    const all = await listOutbox({ limit: 100 });
    expect(all.messages.map((message) => message.id)).toEqual([storedId, ids.failed, ids.sent, ids.percent]);
    expect(all.total).toBe(4);
    const two = await listOutbox({ limit: 2 });
    expect([two.messages.map((message) => message.id), two.total]).toEqual([[storedId, ids.failed], 4]);
  });

  it("filters by status and by part of the recipient, in any case, wildcards taken literally", async () => {
    expect((await listOutbox({ status: "sent", limit: 100 })).messages.map((message) => message.id)).toEqual([ids.sent, ids.percent]);
    expect((await listOutbox({ status: "stored", limit: 100 })).messages.map((message) => message.id)).toEqual([storedId]);
    expect((await listOutbox({ recipient: "SENT.person", limit: 100 })).messages.map((message) => message.id)).toEqual([ids.sent]);
    expect((await listOutbox({ recipient: "%_", limit: 100 })).messages.map((message) => message.id)).toEqual([ids.percent]);
    expect(await listOutbox({ status: "failed", recipient: "sent", limit: 100 })).toEqual({ messages: [], total: 0 });
  });

  it("leaves the bodies out of the list", async () => {
    const [failed] = (await listOutbox({ status: "failed", limit: 100 })).messages;
    expect(failed).toEqual({
      id: ids.failed,
      created: "2026-01-11T08:00:00.000Z",
      to: "failed.person@example.com",
      replyTo: null,
      subject: "failed mail",
      status: "failed",
      attempts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
      sentAt: null,
    });
  });
});

describe("GET /api/admin/outbox", () => {
  it("is 401 without a session and 403 for anyone but an admin, for every method", async () => {
    expect((await callApi(api, "/api/admin/outbox")).status).toBe(401);
    const forbidden = await callApi(api, `/api/admin/outbox?id=${storedId}`, subscriberToken);
    expect([forbidden.status, await forbidden.json()]).toEqual([403, { error: "Only administrators can do this." }]);
    const post = (token?: string) => callRoute(apiAction, routeRequest("/api/admin/outbox", token, "POST"));
    expect((await post()).status).toBe(401);
    expect((await post(subscriberToken)).status).toBe(403);
    const refused = await post(adminToken);
    expect([refused.status, refused.headers.get("Allow")]).toEqual([405, "GET"]);
  });

  it("answers one message with its body as stored", async () => {
    const response = await callApi(api, `/api/admin/outbox?id=${storedId}`, adminToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: storedId,
      to: "stored.person@example.com",
      replyTo: "asker@example.com",
      subject: "<b>Hello</b>",
      status: "stored",
      attempts: 0,
      lastError: null,
      sentAt: null,
      body: "Line one\n<script>alert(1)</script>",
    });
  });

  it("says 'Invalid ID' for a malformed id and that none was found for an unknown one", async () => {
    const invalid = await callApi(api, "/api/admin/outbox?id=42", adminToken);
    expect([invalid.status, await invalid.json()]).toEqual([422, { errors: { id: "Invalid ID" } }]);
    const unknown = await callApi(api, `/api/admin/outbox?id=${unknownId}`, adminToken);
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "No message has been found for this ID." }]);
  });

  it("lists with the filters and refuses bad ones", async () => {
    const listed = await (await callApi(api, "/api/admin/outbox?status=sent&recipient=example.com&limit=1", adminToken)).json();
    expect([listed.messages.map((message: { id: string }) => message.id), listed.total]).toEqual([[ids.sent], 2]);
    expect(listed.messages[0]).not.toHaveProperty("body");
    const bad = await callApi(api, `/api/admin/outbox?status=queued&recipient=${"a".repeat(255)}`, adminToken);
    expect([bad.status, await bad.json()]).toEqual([
      422,
      { errors: { status: "Please choose one of the listed options.", recipient: "Please use at most 254 characters." } },
    ]);
    const badLimit = await callApi(api, "/api/admin/outbox?limit=101", adminToken);
    expect([badLimit.status, await badLimit.json()]).toEqual([422, { errors: { limit: "Please enter a whole number from 1 to 100." } }]);
  });
});

describe("the outbox page", () => {
  it("is the 404 page for visitors and subscribers", async () => {
    expect((await loadOutboxPage("/dashboard/admin/outbox")).status).toBe(404);
    expect((await loadOutboxPage("/dashboard/admin/outbox", subscriberToken)).status).toBe(404);
  });

  it("shows one message above the filtered list and says that SMTP is not configured", async () => {
    const { status, data } = await loadOutboxPage(`/dashboard/admin/outbox?id=${ids.failed}&status=stored`, adminToken);
    expect(status).toBe(200);
    expect(data?.row).toMatchObject({ id: ids.failed, body: `Body of ${ids.failed}` });
    expect(data?.list).toMatchObject({ total: 1, messages: [{ id: storedId }] });
    expect(data?.smtp).toBe(false);
  });

  it("answers 400 for an invalid id or bad filters and 404 for an unknown id", async () => {
    const invalid = await loadOutboxPage("/dashboard/admin/outbox?id=x", adminToken);
    expect([invalid.status, invalid.data?.lookupError]).toEqual([400, "admin.incidents.invalidId"]);
    const unknown = await loadOutboxPage(`/dashboard/admin/outbox?id=${unknownId}`, adminToken);
    expect([unknown.status, unknown.data?.lookupError]).toEqual([404, "admin.outbox.notFound"]);
    const bad = await loadOutboxPage("/dashboard/admin/outbox?status=lost", adminToken);
    expect([bad.status, bad.data?.filterErrors, bad.data?.list]).toEqual([
      400,
      { status: "validation.invalidOption" },
      { messages: [], total: 0 },
    ]);
  });
});

describe("reading the outbox", () => {
  const audited = (since: string) =>
    db
      .selectFrom("admin_actions")
      .select(["admin_username", "action", "target", "owner_username", "details"])
      .where("created_at", ">=", since)
      .execute();

  it("[security3-N11] records every message an admin opens, by the page or the API, in the audit trail", async () => {
    const since = nowIso();
    expect((await callApi(api, `/api/admin/outbox?id=${storedId}`, adminToken)).status).toBe(200);
    expect((await loadOutboxPage(`/dashboard/admin/outbox?id=${ids.failed}`, adminToken)).status).toBe(200);
    expect((await callApi(api, `/api/admin/outbox?id=${unknownId}`, adminToken)).status).toBe(404);
    expect((await callApi(api, "/api/admin/outbox", adminToken)).status).toBe(200);
    const entries = await audited(since);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining(
        [
          [storedId, "stored.person@example.com"],
          [ids.failed, "failed.person@example.com"],
        ].map(([target, recipient]) => ({
          admin_username: "admin@demo.test",
          action: "outbox-read",
          target,
          owner_username: null,
          details: JSON.stringify({ recipient }),
        })),
      ),
    );
  });

  it("[security3-N11] keeps and shows a security mail's link where the outbox is the delivery channel (development without SMTP)", async () => {
    const link = "http://localhost:3000/reset-password/MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY";
    const { id, status } = await sendMail({
      to: "Macro@demo.test",
      subject: "Reset your Developer Portal password",
      text: `Open this link: ${link}`,
      redactedText: "Open this link: (link removed from the outbox)",
    });
    expect(status).toBe("stored");
    expect(await db.selectFrom("outbox").select(["body", "security"]).where("id", "=", id).executeTakeFirst()).toEqual({
      body: `Open this link: ${link}`,
      security: 1,
    });
    const since = nowIso();
    expect(await (await callApi(api, `/api/admin/outbox?id=${id}`, adminToken)).json()).toMatchObject({ body: `Open this link: ${link}` });
    expect(await audited(since)).toEqual([
      {
        admin_username: "admin@demo.test",
        action: "outbox-read",
        target: id,
        owner_username: "macro@demo.test",
        details: JSON.stringify({ recipient: "Macro@demo.test" }),
      },
    ]);
  });
});
