import { database } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";

/** Brings the process to a serving state: the database is migrated before the first request. */
export async function boot(): Promise<void> {
  await migrateToLatest(database);
}
