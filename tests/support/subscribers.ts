import { storedDatabases } from "~/modules/auth/database-scope.server";
import type { SubscriptionProduct } from "~/modules/auth/platforms";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { Platform } from "~/modules/registry/registry";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriberOptions {
  /** Names the e-mail's domain and the username's start, so a failing test shows whose account it is. */
  label: string;
  platforms?: readonly Platform[];
  products: readonly SubscriptionProduct[];
  /** Running for another month, or (false) ended yesterday. */
  subscribed?: boolean;
  admin?: boolean;
  /** The macroeconomic databases; every one when left out. */
  databases?: readonly string[] | null;
  passwordHash?: string;
  username?: string;
}

/**
 * A user written straight into the test database with subscriptions to the products, since feeds, dumps and
 * data-API calls run only for subscribers.
 */
export async function insertSubscriber(options: SubscriberOptions): Promise<{ id: string; email: string; username: string }> {
  const id = newId();
  const email = `${id}@${options.label}.test`;
  const username = options.username ?? `${options.label}-${id.slice(0, 8)}`;
  await db
    .insertInto("users")
    .values({
      id,
      email,
      username,
      password_hash: options.passwordHash ?? "x",
      picture_type: null,
      created_at: nowIso(),
      is_admin: options.admin ? 1 : 0,
    })
    .execute();
  for (const platform of options.platforms ?? []) await db.insertInto("user_platforms").values({ user_id: id, platform }).execute();
  for (const product of options.products) {
    await db
      .insertInto("subscriptions")
      .values({
        id: newId(),
        user_id: id,
        product,
        starts_at: nowIso(new Date(Date.now() - 30 * DAY_MS)),
        ends_at: nowIso(new Date(Date.now() + (options.subscribed === false ? -1 : 30) * DAY_MS)),
        databases: product === "macroeconomic" ? storedDatabases(options.databases ?? null) : null,
      })
      .execute();
  }
  return { id, email, username };
}

/** A macroeconomic subscriber (see insertSubscriber). */
export async function insertMacroSubscriber(options: Omit<SubscriberOptions, "products">): Promise<{ id: string; email: string }> {
  return insertSubscriber({ ...options, products: ["macroeconomic"] });
}
