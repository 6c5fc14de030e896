import { z } from "zod";
import { db } from "~/modules/db/db.server";
import { activeSubscriptionRows, type ActiveSubscription } from "./users.server";

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
 * The union of the macroeconomic subscriptions among these (a user's, in force): "all" for admins or when one of
 * them covers every database, the sorted ids otherwise, and [] without one.
 */
export function databaseScopeOf(isAdmin: boolean, subscriptions: readonly ActiveSubscription[]): DatabaseScope {
  if (isAdmin) return "all";
  const macroeconomic = subscriptions.filter((row) => row.product === "macroeconomic");
  if (macroeconomic.some((row) => row.databases === null)) return "all";
  return [...new Set(macroeconomic.flatMap((row) => (row.databases === null ? [] : readStoredDatabases(row.databases))))].sort();
}

/** The macroeconomic databases the user may receive at `at` (databaseScopeOf); [] for a missing user. */
export async function subscribedDatabases(userId: string, at: Date = new Date()): Promise<DatabaseScope> {
  const [user, subscriptions] = await Promise.all([
    db.selectFrom("users").select("is_admin").where("id", "=", userId).executeTakeFirst(),
    activeSubscriptionRows(userId, at),
  ]);
  return user ? databaseScopeOf(user.is_admin === 1, subscriptions) : [];
}

/** Whether the scope covers the database. */
export function databaseAllowed(scope: DatabaseScope, database: string): boolean {
  return scope === "all" || scope.includes(database);
}

/** The catalog restriction of a scope, to spread into SeriesCriteria: nothing for "all", else `databases`. */
export function databasesCriterion(scope: DatabaseScope): { databases?: readonly string[] } {
  return scope === "all" ? {} : { databases: scope };
}
