import type { Kysely, Migration } from "kysely";

export function subscriptionDatabases(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // A macroeconomic subscription covers these databases (a JSON array of ids); null, as on every older row, covers them all.
      await db.schema.alterTable("subscriptions").addColumn("databases", "text").execute();
    },
  };
}
