import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { database } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";
import { demoDataRule } from "~/modules/env/env";
import { env } from "~/modules/env/env.server";
import { startEngine } from "~/modules/server/engine.server";
import { flushCalls } from "~/modules/usage/recorder.server";

/**
 * Brings the process to a serving state: migrated database, seeded catalog, demo data on a local address,
 * and the background worker unless WORKER=off (workers then run with `npm run worker`).
 */
export async function boot(): Promise<void> {
  await migrateToLatest(database);
  // The catalog is the data source of feeds, dumps and previews: seeded on every start, demo data or not.
  await prepareCatalog();
  const demoData = demoDataRule(env);
  if (demoData.warning) console.warn(demoData.warning);
  if (demoData.seed) await seedDemoAccounts();
  if (env.WORKER === "embedded") {
    const worker = startEngine();
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        void Promise.all([worker.stop(), flushCalls()]).finally(() => process.exit(0));
      });
    }
  } else {
    // The call log's last second, written while the HTTP server closes (scripts/serve.mjs).
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void flushCalls());
  }
}
