import type { Kysely, Migration } from "kysely";

export function runCounts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // What a feed run selected as new (created since the previous run) and as changed (issue 27); null on runs
      // made before they were counted.
      await db.schema.alterTable("feed_runs").addColumn("new_count", "integer").execute();
      await db.schema.alterTable("feed_runs").addColumn("changed_count", "integer").execute();
    },
  };
}
