import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { database } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";
import { env } from "~/modules/env/env.server";

/** Brings the process to a serving state: migrated database, and demo data outside production. */
export async function boot(): Promise<void> {
  await migrateToLatest(database);
  if (env.DEMO_DATA) await seedDemoAccounts();
}
