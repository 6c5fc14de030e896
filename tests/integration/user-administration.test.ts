import { describe, expect, it } from "vitest";
import { acceptInvitation, invitationSummary, usableInvitationEmail } from "~/modules/accounts/invitations.server";
import { userPageData } from "~/modules/accounts/user-page.server";
import { createUserSchema, OPEN_ENDED, subscriptionSchema } from "~/modules/accounts/user-schemas";
import {
  createUser,
  endAllSessions,
  endSubscription,
  getUser,
  putSubscription,
  revokeUserInvitation,
  revokeUserKey,
  searchUsers,
  sendUserReset,
  updateUser,
  type Admin,
} from "~/modules/accounts/users-admin.server";
import { generateApiKey, verifyApiKey } from "~/modules/auth/api-keys.server";
import { localIdentityProvider } from "~/modules/auth/identity.server";
import { createSession, getOptionalUser } from "~/modules/auth/session.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { createFeed } from "~/modules/feeds/feeds.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { insertSubscriber } from "../support/subscribers";

const DAY_MS = 24 * 60 * 60 * 1000;

function withBearer(token: string): Request {
  return new Request("http://localhost/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
}

async function anAdmin(): Promise<Admin> {
  const admin = await insertSubscriber({ label: "admins", products: [], admin: true });
  return { id: admin.id, username: admin.username };
}

async function invitationToken(email: string): Promise<string> {
  const mails = await db.selectFrom("outbox").select("body").where("recipient", "=", email).orderBy("created_at", "desc").execute();
  return /\/invitation\/(\S+)/.exec(mails[0]!.body)![1]!;
}

const newUser = (email: string) => createUserSchema.parse({ email, firstName: "Ada", lastName: "Lovelace", platforms: ["econ"] });

describe("user administration", () => {
  it("creates a user once per e-mail address and invites them with a single-use link", async () => {
    const admin = await anAdmin();
    const first = await createUser(admin, newUser("Invitee@Example.test"), "/invitation");
    expect(first.created).toBe(true);
    const again = await createUser(admin, newUser("invitee@example.test"), "/invitation");
    expect(again).toMatchObject({ created: false, user: { id: first.user.id } });
    expect(await db.selectFrom("users").select("id").where("email", "=", "invitee@example.test").execute()).toHaveLength(1);

    const token = await invitationToken("invitee@example.test");
    const stored = await db.selectFrom("invitations").select("token_hash").where("user_id", "=", first.user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(await localIdentityProvider("econ").verifyCredentials("invitee@example.test", "")).toBeNull();
    expect(await usableInvitationEmail(token)).toBe("invitee@example.test");
    expect(await acceptInvitation(token, "a good long password")).toBe(true);
    expect(await acceptInvitation(token, "another long password")).toBe(false);
    expect((await invitationSummary(first.user.id)).state).toBe("used");
    expect(await localIdentityProvider("econ").verifyCredentials("invitee@example.test", "a good long password")).toBe(first.user.id);

    const audit = await db
      .selectFrom("admin_actions")
      .selectAll()
      .where("action", "=", "user-create")
      .where("target", "=", first.user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ before: null, after: expect.stringContaining('"firstName":"Ada"') });
  });

  it("refuses an expired, revoked or superseded invitation", async () => {
    const admin = await anAdmin();
    const { user } = await createUser(admin, newUser("late@example.test"), "/invitation");
    const token = await invitationToken("late@example.test");
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect((await invitationSummary(user.id)).state).toBe("expired");
    expect(await acceptInvitation(token, "a good long password")).toBe(false);

    const invitedAgain = await createUser(admin, newUser("revoked@example.test"), "/invitation");
    const revokedToken = await invitationToken("revoked@example.test");
    expect(await revokeUserInvitation(admin, invitedAgain.user.id)).toBe(true);
    expect((await invitationSummary(invitedAgain.user.id)).state).toBe("revoked");
    expect(await acceptInvitation(revokedToken, "a good long password")).toBe(false);
  });

  it("locks an account: no sign-in, its sessions and keys stop at once, and work again when unlocked", async () => {
    const admin = await anAdmin();
    const subscriber = await insertSubscriber({ label: "locked", platforms: ["intel"], products: ["intelligence"] });
    const session = await createSession(subscriber.id, "intel");
    const key = (await generateApiKey((await loadCurrentUser(subscriber.id, "intel"))!, "intel"))!;
    const { version } = (await getUser(subscriber.id))!;

    const locked = await updateUser(admin, subscriber.id, { locked: true, version });
    expect(locked).toMatchObject({ ok: true, user: { locked: true, version: version + 1 } });
    expect(await getOptionalUser(withBearer(session.token))).toBeNull();
    expect(await db.selectFrom("sessions").select("id_hash").where("user_id", "=", subscriber.id).execute()).toHaveLength(0);
    expect(await verifyApiKey("intel", key)).toEqual({ valid: false, reason: "locked" });

    await updateUser(admin, subscriber.id, { locked: false });
    expect(await verifyApiKey("intel", key)).toEqual({ valid: true });
    const actions = await db
      .selectFrom("admin_actions")
      .select("action")
      .where("target", "=", subscriber.id)
      .orderBy("created_at")
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(["user-lock", "user-unlock"]);
  });

  it("refuses a change made against an older version, and an admin removing their own admin flag", async () => {
    const admin = await anAdmin();
    const subscriber = await insertSubscriber({ label: "versions", products: [] });
    const { version } = (await getUser(subscriber.id))!;
    expect(await updateUser(admin, subscriber.id, { firstName: "First", version })).toMatchObject({ ok: true });
    expect(await updateUser(admin, subscriber.id, { firstName: "Second", version })).toMatchObject({ ok: false, reason: "conflict" });
    expect((await getUser(subscriber.id))!.firstName).toBe("First");

    expect(await updateUser(admin, admin.id, { isAdmin: false })).toMatchObject({ ok: false, reason: "own-admin-flag" });
    expect((await getUser(admin.id))!.isAdmin).toBe(true);
    expect(await updateUser(admin, admin.id, { hasTokenDecoder: true })).toMatchObject({
      ok: true,
      user: { isAdmin: true, hasTokenDecoder: true },
    });
  });

  it("ends a subscription now: the key is deactivated and the feeds paused; a renewal lets a key be generated again", async () => {
    const admin = await anAdmin();
    const subscriber = await insertSubscriber({ label: "ending", platforms: ["econ"], products: ["macroeconomic"] });
    const key = (await generateApiKey((await loadCurrentUser(subscriber.id, "econ"))!, "econ"))!;
    const feedId = await createFeed(subscriber.id, "macroeconomic", {
      name: "Paused at the end",
      frequency: "daily",
      criteria: { database: "DB01" },
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
    });

    expect(await endSubscription(admin, subscriber.id, "macroeconomic")).toMatchObject({ ok: true });
    const keyRow = await db.selectFrom("api_keys").selectAll().where("user_id", "=", subscriber.id).executeTakeFirstOrThrow();
    expect(keyRow.revoked_reason).toBe("subscription-ended");
    expect(await verifyApiKey("econ", key)).toEqual({ valid: false, reason: "subscription-ended" });
    const feed = await db.selectFrom("feeds").selectAll().where("id", "=", feedId).executeTakeFirstOrThrow();
    expect(feed).toMatchObject({ status: "inactive", pause_reason: "subscription-ended" });
    expect(await endSubscription(admin, subscriber.id, "macroeconomic")).toMatchObject({ ok: false, reason: "not-found" });

    const renewal = subscriptionSchema.parse({ startsAt: "2026-01-01", databases: ["DB02", "DB01"] });
    const renewed = await putSubscription(admin, subscriber.id, "macroeconomic", renewal);
    expect(renewed).toMatchObject({
      ok: true,
      user: { subscriptions: [{ product: "macroeconomic", endsAt: OPEN_ENDED, databases: ["DB01", "DB02"] }] },
    });
    expect(await generateApiKey((await loadCurrentUser(subscriber.id, "econ"))!, "econ")).toMatch(/^econ_/);
  });

  it("sends a reset, ends every session and revokes a key, each in the audit trail", async () => {
    const admin = await anAdmin();
    const subscriber = await insertSubscriber({ label: "support", platforms: ["corp"], products: ["company"] });
    const session = await createSession(subscriber.id, "corp");
    const key = (await generateApiKey((await loadCurrentUser(subscriber.id, "corp"))!, "corp"))!;

    expect(await sendUserReset(admin, subscriber.id, "/zh/reset-password")).toBe(true);
    const job = await db.selectFrom("jobs").select("payload").where("kind", "=", "password-reset-mail").executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toEqual({ email: subscriber.email, resetPath: "/zh/reset-password" });

    await endAllSessions(admin, subscriber.id);
    expect(await getOptionalUser(withBearer(session.token))).toBeNull();

    const keyId = (await db.selectFrom("api_keys").select("id").where("user_id", "=", subscriber.id).executeTakeFirstOrThrow()).id;
    expect(await revokeUserKey(admin, admin.id, keyId)).toBe(false);
    expect(await verifyApiKey("corp", key)).toEqual({ valid: true });
    expect(await revokeUserKey(admin, subscriber.id, keyId)).toBe(true);
    expect(await verifyApiKey("corp", key)).toEqual({ valid: false, reason: "revoked" });

    const actions = await db
      .selectFrom("admin_actions")
      .select("action")
      .where("target", "=", subscriber.id)
      .orderBy("created_at")
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(["user-key-revoke", "user-reset", "user-sessions-end"]);
    expect(await updateUser(admin, admin.id, { locked: true })).toMatchObject({ ok: false, reason: "own-lock" });

    await db
      .insertInto("sandbox_registrations")
      .values({
        id: newId(),
        created_at: nowIso(),
        name: "Pat",
        surname: "Prospect",
        company_name: "Prospects Ltd",
        job_title: "Analyst",
        email: subscriber.email.toUpperCase(),
        country: "GB",
        message: null,
        consent: 1,
        offers: 0,
        language: "en",
        token_hash: newId(),
        link_expires_at: nowIso(new Date(Date.now() + DAY_MS)),
        key_issued_at: null,
      })
      .execute();
    const page = (await userPageData(subscriber.id))!;
    expect(page.trials.map((trial) => trial.company)).toEqual(["Prospects Ltd"]);
    expect(page.keys.map((entry) => entry.state)).toEqual(["revoked"]);
    expect(page.sessions).toEqual([]);
    expect(page.audit.map((entry) => entry.action).sort()).toEqual(["user-key-revoke", "user-reset", "user-sessions-end"]);
    expect(page.itemLinks.map((link) => link.path)).toContain(
      `/dashboard/admin/company-feeds?username=${encodeURIComponent(subscriber.username)}`,
    );
    expect(page.itemLinks.map((link) => link.path)).toContain(`/dashboard/admin/usage?account=account%3A${subscriber.id}`);
  });

  it("finds users by text, platform, product and subscription state, a page at a time", async () => {
    const ending = await insertSubscriber({ label: "findme", platforms: ["corp"], products: ["company"] });
    await db
      .updateTable("subscriptions")
      .set({ ends_at: new Date(Date.now() + 3 * DAY_MS).toISOString() })
      .where("user_id", "=", ending.id)
      .execute();
    const ended = await insertSubscriber({ label: "findme", platforms: ["econ"], products: ["documents"], subscribed: false });
    const base = { q: "findme", sort: "email", dir: "asc", page: 1 } as const;
    expect((await searchUsers(base)).users.map((user) => user.id).sort()).toEqual([ending.id, ended.id].sort());
    expect((await searchUsers({ ...base, q: "FINDME", platform: "corp" })).users.map((user) => user.id)).toEqual([ending.id]);
    expect((await searchUsers({ ...base, state: "ending" })).users.map((user) => user.id)).toEqual([ending.id]);
    expect((await searchUsers({ ...base, state: "ended", product: "documents" })).users.map((user) => user.id)).toEqual([ended.id]);
    expect((await searchUsers({ ...base, state: "active", product: "documents" })).users).toEqual([]);
    expect((await searchUsers({ ...base, q: "100%_" })).total).toBe(0);
  });
});
