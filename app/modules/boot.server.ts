import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { database } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";
import { env } from "~/modules/env/env.server";
import { startEngine } from "~/modules/feeds/engine.server";

/**
 * Brings the process to a serving state: migrated database, seeded catalog, demo data outside production,
 * and the background worker unless WORKER=off (workers then run with `npm run worker`).
 */
export async function boot(): Promise<void> {
  await migrateToLatest(database);
  // The catalog is the data source of feeds, dumps and previews: seeded on every start, demo data or not.
  await prepareCatalog();
  if (env.DEMO_DATA) await seedDemoAccounts();
  if (env.WORKER === "embedded") {
    const worker = startEngine();
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        void worker.stop().finally(() => process.exit(0));
      });
    }
  }
}
