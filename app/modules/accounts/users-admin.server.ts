import { sql } from "kysely";
import { deactivateEndedKeys, revokeApiKey } from "~/modules/auth/api-keys.server";
import { storedDatabases } from "~/modules/auth/database-scope.server";
import { loginName } from "~/modules/auth/login-name";
import { queuePasswordResetMail } from "~/modules/auth/password-reset.server";
import type { SubscriptionProduct } from "~/modules/auth/platforms";
import { destroyAllSessions } from "~/modules/auth/session.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { recordAdminAction } from "~/modules/audit/audit.server";
import type { AdminActionKind } from "~/modules/audit/audit";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { containsLowerCased } from "~/modules/db/text-search";
import { pauseUnentitledFeeds } from "~/modules/feeds/feeds.server";
import { isPlatform, type Platform } from "~/modules/registry/registry";
import { NO_PASSWORD, revokeInvitation, sendInvitation } from "./invitations.server";
import { ENDING_DAYS, isOpenEnded, type CreateUserInput, type SubscriptionInput, type UserChanges, type UserSearch } from "./user-schemas";
import { userSnapshot, type UserSnapshot } from "./user-snapshot";

/**
 * The admin's side of the accounts: find, create (with an invitation), change, lock, and give or end
 * subscriptions. The pages and the JSON API call these same functions; every change is audited with the
 * user's state before and after, and a change made against an older version of the user is refused.
 */

/** The admin acting; `auditDetails` says how, when not through a session (the admin API key of a provisioning call). */
export type Admin = Pick<CurrentUser, "id" | "username"> & { auditDetails?: Record<string, string> };

const PAGE_SIZE = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionView {
  product: SubscriptionProduct;
  startsAt: string;
  endsAt: string;
  databases: string[] | null;
}

export interface UserView {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  platforms: Platform[];
  isAdmin: boolean;
  hasTokenDecoder: boolean;
  locked: boolean;
  lockedAt: string | null;
  createdAt: string;
  version: number;
  subscriptions: SubscriptionView[];
}

function readDatabases(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

async function loadUsers(ids: string[]): Promise<Map<string, UserView>> {
  const views = new Map<string, UserView>();
  if (ids.length === 0) return views;
  const users = await db.selectFrom("users").selectAll().where("id", "in", ids).execute();
  const platformRows = await db.selectFrom("user_platforms").selectAll().where("user_id", "in", ids).execute();
  const subscriptionRows = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "in", ids)
    .orderBy("product")
    .orderBy("starts_at")
    .execute();
  for (const user of users) {
    views.set(user.id, {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      platforms: platformRows.filter((row) => row.user_id === user.id && isPlatform(row.platform)).map((row) => row.platform as Platform),
      isAdmin: user.is_admin === 1,
      hasTokenDecoder: user.has_token_decoder === 1,
      locked: user.locked_at !== null,
      lockedAt: user.locked_at,
      createdAt: user.created_at,
      version: user.version,
      subscriptions: subscriptionRows
        .filter((row) => row.user_id === user.id)
        .map((row) => ({
          product: row.product as SubscriptionProduct,
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          databases: readDatabases(row.databases),
        })),
    });
  }
  return views;
}

export async function getUser(id: string): Promise<UserView | null> {
  return (await loadUsers([id])).get(id) ?? null;
}

export interface UserPage {
  users: UserView[];
  total: number;
  page: number;
  pages: number;
}

/** Users by e-mail or name, platform, product and subscription state, a page at a time. */
export async function searchUsers(search: UserSearch, now = new Date()): Promise<UserPage> {
  const at = nowIso(now);
  const soon = nowIso(new Date(now.getTime() + ENDING_DAYS * DAY_MS));
  let query = db.selectFrom("users");
  if (search.q) {
    query = query.where((eb) =>
      eb.or([
        containsLowerCased(sql<string>`lower(${sql.ref("users.email")})`, search.q),
        containsLowerCased(sql<string>`lower(${sql.ref("users.first_name")} || ' ' || ${sql.ref("users.last_name")})`, search.q),
        containsLowerCased(sql<string>`lower(${sql.ref("users.username")})`, search.q),
      ]),
    );
  }
  if (search.platform) {
    const platform = search.platform;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_platforms")
          .select("platform")
          .whereRef("user_platforms.user_id", "=", "users.id")
          .where("platform", "=", platform),
      ),
    );
  }
  if (search.product || search.state) {
    const { product, state } = search;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("subscriptions")
          .select("subscriptions.id")
          .whereRef("subscriptions.user_id", "=", "users.id")
          .$if(product !== undefined, (sub) => sub.where("subscriptions.product", "=", product!))
          .$if(state === "active", (sub) => sub.where("starts_at", "<=", at).where("ends_at", ">", at))
          .$if(state === "ending", (sub) => sub.where("starts_at", "<=", at).where("ends_at", ">", at).where("ends_at", "<=", soon))
          .$if(state === "ended", (sub) => sub.where("ends_at", "<=", at)),
      ),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const count = Number(total);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.min(search.page, pages);
  const order = search.dir;
  const ids = await query
    .select("users.id")
    .$if(search.sort === "email", (q) => q.orderBy("users.email", order))
    .$if(search.sort === "name", (q) => q.orderBy("users.last_name", order).orderBy("users.first_name", order))
    .$if(search.sort === "created", (q) => q.orderBy("users.created_at", order))
    .orderBy("users.id")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const views = await loadUsers(ids.map((row) => row.id));
  return { users: ids.map((row) => views.get(row.id)!), total: count, page, pages };
}

async function audit(admin: Admin, action: AdminActionKind, userId: string, details: Record<string, string | number | boolean | null>) {
  await recordAdminAction(admin, { action, target: userId, ownerId: userId, details: { ...details, ...admin.auditDetails } });
}

function snapshotDetails(before: UserSnapshot | null, after: UserSnapshot | null) {
  return { before: before === null ? null : JSON.stringify(before), after: after === null ? null : JSON.stringify(after) };
}

/** A username from the e-mail's local part, with a number when it is taken. */
async function freeUsername(email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "user").replace(/[^a-z0-9._-]/gi, "").slice(0, 40) || "user";
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? base : `${base}-${suffix + 1}`;
    const taken = await db.selectFrom("users").select("id").where("username", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

export type CreateOutcome = { created: true; user: UserView } | { created: false; user: UserView };

/**
 * Creates the user and mails the invitation, or, for an e-mail address that already has an account, answers
 * that account unchanged: a retried call never makes a second user.
 */
export async function createUser(admin: Admin, input: CreateUserInput, invitationPath: string): Promise<CreateOutcome> {
  const email = loginName(input.email);
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) return { created: false, user: (await getUser(existing.id))! };
  const id = newId();
  const username = await freeUsername(email);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          id,
          email,
          username,
          password_hash: NO_PASSWORD,
          first_name: input.firstName,
          last_name: input.lastName,
          picture_type: null,
          created_at: nowIso(),
        })
        .execute();
      for (const platform of new Set(input.platforms)) await trx.insertInto("user_platforms").values({ user_id: id, platform }).execute();
    });
  } catch (error) {
    // Two calls with one address at once: the unique e-mail lets one in, the other answers its account.
    const raced = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (raced) return { created: false, user: (await getUser(raced.id))! };
    throw error;
  }
  const user = (await getUser(id))!;
  await audit(admin, "user-create", id, snapshotDetails(null, userSnapshot(user)));
  await sendInvitation(id, admin.id, invitationPath);
  await audit(admin, "user-invite", id, {});
  return { created: true, user };
}

export type ChangeOutcome =
  { ok: true; user: UserView } | { ok: false; reason: "not-found" | "conflict" | "own-admin-flag" | "own-lock"; user?: UserView };

/**
 * Bumps the version when it is still the one given (or the current one when none is given): the row a change is
 * made against. A stale version changes nothing and answers "conflict".
 */
async function claimVersion(id: string, version: number): Promise<boolean> {
  const claimed = await db
    .updateTable("users")
    .set({ version: version + 1 })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Names, platforms, flags and the lock; an admin can neither remove their own admin flag nor lock themselves. */
export async function updateUser(admin: Admin, id: string, changes: UserChanges): Promise<ChangeOutcome> {
  const before = await getUser(id);
  if (!before) return { ok: false, reason: "not-found" };
  if (id === admin.id && changes.isAdmin === false) return { ok: false, reason: "own-admin-flag", user: before };
  if (id === admin.id && changes.locked === true) return { ok: false, reason: "own-lock", user: before };
  if (!(await claimVersion(id, changes.version ?? before.version))) return { ok: false, reason: "conflict", user: before };
  const now = nowIso();
  await db
    .updateTable("users")
    .set({
      ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
      ...(changes.isAdmin !== undefined ? { is_admin: changes.isAdmin ? 1 : 0 } : {}),
      ...(changes.hasTokenDecoder !== undefined ? { has_token_decoder: changes.hasTokenDecoder ? 1 : 0 } : {}),
      ...(changes.locked !== undefined && changes.locked !== before.locked ? { locked_at: changes.locked ? now : null } : {}),
    })
    .where("id", "=", id)
    .execute();
  if (changes.platforms !== undefined) {
    await db.deleteFrom("user_platforms").where("user_id", "=", id).execute();
    for (const platform of new Set(changes.platforms)) await db.insertInto("user_platforms").values({ user_id: id, platform }).execute();
  }
  // A locked account's sessions end at once; its keys are refused while it stays locked (api-keys.server.ts).
  if (changes.locked === true && !before.locked) await destroyAllSessions(id);
  const after = (await getUser(id))!;
  const action: AdminActionKind =
    changes.locked !== undefined && changes.locked !== before.locked ? (changes.locked ? "user-lock" : "user-unlock") : "user-edit";
  await audit(admin, action, id, snapshotDetails(userSnapshot(before), userSnapshot(after)));
  return { ok: true, user: after };
}

/**
 * Gives the user the product from `startsAt` to `endsAt` (OPEN_ENDED for none), replacing what they had of
 * it. An end in the past ends it now: keys deactivated, feeds paused, as when an end date passes. A renewed
 * subscription lets the subscriber generate a key again.
 */
export async function putSubscription(
  admin: Admin,
  id: string,
  product: SubscriptionProduct,
  input: SubscriptionInput,
): Promise<ChangeOutcome> {
  const before = await getUser(id);
  if (!before) return { ok: false, reason: "not-found" };
  if (!(await claimVersion(id, input.version ?? before.version))) return { ok: false, reason: "conflict", user: before };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("subscriptions").where("user_id", "=", id).where("product", "=", product).execute();
    await trx
      .insertInto("subscriptions")
      .values({
        id: newId(),
        user_id: id,
        product,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        databases: product === "macroeconomic" ? storedDatabases(input.databases) : null,
      })
      .execute();
  });
  await applyEndedSubscriptions(id);
  const after = (await getUser(id))!;
  await audit(admin, "subscription-put", id, { product, ...snapshotDetails(userSnapshot(before), userSnapshot(after)) });
  return { ok: true, user: after };
}

/** Ends the user's subscription to the product now; answers not-found when they have none running. */
export async function endSubscription(admin: Admin, id: string, product: SubscriptionProduct, version?: number): Promise<ChangeOutcome> {
  const before = await getUser(id);
  if (!before) return { ok: false, reason: "not-found" };
  const now = nowIso();
  const running = before.subscriptions.find((subscription) => subscription.product === product && subscription.endsAt > now);
  if (!running) return { ok: false, reason: "not-found", user: before };
  if (!(await claimVersion(id, version ?? before.version))) return { ok: false, reason: "conflict", user: before };
  await db
    .updateTable("subscriptions")
    .set({ ends_at: now })
    .where("user_id", "=", id)
    .where("product", "=", product)
    .where("ends_at", ">", now)
    .execute();
  await applyEndedSubscriptions(id);
  const after = (await getUser(id))!;
  await audit(admin, "subscription-end", id, { product, ...snapshotDetails(userSnapshot(before), userSnapshot(after)) });
  return { ok: true, user: after };
}

/** What the hourly key job and each feed's next tick would do, done now for this user. */
async function applyEndedSubscriptions(userId: string): Promise<void> {
  await deactivateEndedKeys(new Date(), userId);
  await pauseUnentitledFeeds(userId);
}

export async function endAllSessions(admin: Admin, id: string): Promise<void> {
  await destroyAllSessions(id);
  await audit(admin, "user-sessions-end", id, {});
}

export async function revokeUserKey(admin: Admin, id: string, keyId: string): Promise<boolean> {
  const revoked = await revokeApiKey(id, keyId);
  if (revoked) await audit(admin, "user-key-revoke", id, { key: keyId });
  return revoked;
}

export async function sendUserReset(admin: Admin, id: string, resetPath: string): Promise<boolean> {
  const user = await getUser(id);
  if (!user) return false;
  await queuePasswordResetMail(user.email, resetPath);
  await audit(admin, "user-reset", id, {});
  return true;
}

export async function resendInvitation(admin: Admin, id: string, invitationPath: string): Promise<boolean> {
  const user = await getUser(id);
  if (!user) return false;
  await sendInvitation(id, admin.id, invitationPath);
  await audit(admin, "user-invite", id, {});
  return true;
}

export async function revokeUserInvitation(admin: Admin, id: string): Promise<boolean> {
  const revoked = await revokeInvitation(id);
  if (revoked) await audit(admin, "user-invite-revoke", id, {});
  return revoked;
}

/** A user as the JSON API answers it: dates in ISO 8601, an open-ended subscription's end as null. */
export function userJson(user: UserView, now = new Date()) {
  const at = nowIso(now);
  return {
    ...user,
    subscriptions: user.subscriptions.map((subscription) => ({
      ...subscription,
      endsAt: isOpenEnded(subscription.endsAt) ? null : subscription.endsAt,
      state: subscription.startsAt > at ? "scheduled" : subscription.endsAt > at ? "active" : "ended",
    })),
  };
}
