import { z } from "zod";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";

/**
 * SPEC.md section 5: for macroeconomic data the database is the one mandatory criterion and the user must be
 * subscribed to it. A macroeconomic subscription covers a list of databases, or every database when its
 * `databases` column is null (as on every subscription from before the column existed).
 */

/** The macroeconomic databases a user may receive: every one, or these ids. */
export type DatabaseScope = "all" | string[];

const storedDatabasesSchema = z.array(z.string());

/** The `subscriptions.databases` value of a scope: null for every database, else a JSON array. */
export function storedDatabases(databases: readonly string[] | null): string | null {
  return databases === null ? null : JSON.stringify([...new Set(databases)].sort());
}

/** A column that cannot be read grants nothing: a licence is never widened by a damaged row. */
export function readStoredDatabases(text: string): string[] {
  try {
    const parsed = storedDatabasesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The union of the user's macroeconomic subscriptions active at `at`: "all" for admins or when one of them
 * covers every database, the sorted ids otherwise, and [] without an active subscription.
 */
export async function subscribedDatabases(userId: string, at: Date = new Date()): Promise<DatabaseScope> {
  const user = await db.selectFrom("users").select("is_admin").where("id", "=", userId).executeTakeFirst();
  if (!user) return [];
  if (user.is_admin === 1) return "all";
  const now = nowIso(at);
  const rows = await db
    .selectFrom("subscriptions")
    .select("databases")
    .where("user_id", "=", userId)
    .where("product", "=", "macroeconomic")
    .where("starts_at", "<=", now)
    .where("ends_at", ">", now)
    .execute();
  if (rows.some((row) => row.databases === null)) return "all";
  return [...new Set(rows.flatMap((row) => (row.databases === null ? [] : readStoredDatabases(row.databases))))].sort();
}

/** Whether the scope covers the database. */
export function databaseAllowed(scope: DatabaseScope, database: string): boolean {
  return scope === "all" || scope.includes(database);
}

/** The catalog restriction of a scope, to spread into SeriesCriteria: nothing for "all", else `databases`. */
export function databasesCriterion(scope: DatabaseScope): { databases?: readonly string[] } {
  return scope === "all" ? {} : { databases: scope };
}
