import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { Platform } from "~/modules/registry/registry";
import { loginName } from "./login-name";
import { subscriptionProducts, type SubscriptionProduct } from "./platforms";

export type Subscriptions = Record<SubscriptionProduct, boolean>;

/** The user as every loader and /api/auth/user see it (DESIGN.md section 7). */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  platform: Platform;
  subscriptions: Subscriptions;
  isAdmin: boolean;
  hasTokenDecoder: boolean;
  firstName: string;
  lastName: string;
  jobPosition: string;
  jobDescription: string;
  hasPicture: boolean;
}

/** A subscription of the user's in force: its product and, for macroeconomic data, its stored databases. */
export interface ActiveSubscription {
  product: string;
  databases: string | null;
}

/** The user's subscriptions in force at `at`, one row each. */
export function activeSubscriptionRows(userId: string, at: Date = new Date()): Promise<ActiveSubscription[]> {
  const now = nowIso(at);
  return db
    .selectFrom("subscriptions")
    .select(["product", "databases"])
    .where("user_id", "=", userId)
    .where("starts_at", "<=", now)
    .where("ends_at", ">", now)
    .execute();
}

/** Which products these subscriptions in force cover. */
export function subscriptionsOf(rows: readonly ActiveSubscription[]): Subscriptions {
  const active = new Set(rows.map((row) => row.product));
  return Object.fromEntries(subscriptionProducts.map((product) => [product, active.has(product)])) as Subscriptions;
}

export async function activeSubscriptions(userId: string, at: Date = new Date()): Promise<Subscriptions> {
  return subscriptionsOf(await activeSubscriptionRows(userId, at));
}

export async function loadCurrentUser(userId: string, platform: Platform): Promise<CurrentUser | null> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  // A locked account's sessions stop at once, whichever request carries them.
  if (!user || user.locked_at !== null) return null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    platform,
    subscriptions: await activeSubscriptions(user.id),
    isAdmin: user.is_admin === 1,
    hasTokenDecoder: user.has_token_decoder === 1,
    firstName: user.first_name,
    lastName: user.last_name,
    jobPosition: user.job_position,
    jobDescription: user.job_description,
    hasPicture: user.picture_type !== null,
  };
}

/** What GET /api/auth/user answers: the contract fields plus the profile. */
export function publicUser(user: CurrentUser) {
  const { id: _id, hasPicture: _picture, ...rest } = user;
  return rest;
}

/** Whether an admin has locked the account (a missing account counts as locked). */
export async function isLocked(userId: string): Promise<boolean> {
  const user = await db.selectFrom("users").select("locked_at").where("id", "=", userId).executeTakeFirst();
  return !user || user.locked_at !== null;
}

export async function findUserByEmail(email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", loginName(email)).executeTakeFirst();
}
