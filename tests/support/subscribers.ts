import { storedDatabases } from "~/modules/auth/database-scope.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A user written straight into the test database with a macroeconomic subscription, since feeds and dumps
 * run only for subscribers: running for another month, or (subscribed: false) ended yesterday; covering every
 * database, or only `databases`.
 */
export async function insertMacroSubscriber(options: {
  label: string;
  subscribed?: boolean;
  admin?: boolean;
  databases?: readonly string[];
}): Promise<{ id: string; email: string }> {
  const id = newId();
  const email = `${id}@${options.label}.test`;
  await db
    .insertInto("users")
    .values({
      id,
      email,
      username: `${options.label}-${id.slice(0, 8)}`,
      password_hash: "x",
      picture_type: null,
      created_at: nowIso(),
      is_admin: options.admin ? 1 : 0,
    })
    .execute();
  await db
    .insertInto("subscriptions")
    .values({
      id: newId(),
      user_id: id,
      product: "macroeconomic",
      starts_at: nowIso(new Date(Date.now() - 30 * DAY_MS)),
      ends_at: nowIso(new Date(Date.now() + (options.subscribed === false ? -1 : 30) * DAY_MS)),
      databases: storedDatabases(options.databases ?? null),
    })
    .execute();
  return { id, email };
}
