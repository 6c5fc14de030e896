import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function deliveryHistory({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Each try of a delivery (issue 27): the history a subscriber reads, one row per attempt of one delivery row.
      await db.schema
        .createTable("delivery_attempts")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("delivery_id", "text", (column) => column.notNull().references("deliveries.id").onDelete("cascade"))
        .addColumn("attempted_at", timestamp, (column) => column.notNull())
        .addColumn("outcome", "text", (column) => column.notNull())
        .addColumn("error", "text")
        .execute();
      await db.schema.createIndex("delivery_attempts_delivery").on("delivery_attempts").columns(["delivery_id", "attempted_at"]).execute();
      // The job carrying a delivery, so "Retry delivery now" moves that job (same row, same payload) instead of a copy.
      await db.schema.alterTable("deliveries").addColumn("job_id", "text").execute();
      await db.schema.alterTable("deliveries").addColumn("next_attempt_at", timestamp).execute();
      // One failure e-mail per failing feed or dump: set when it is sent, cleared when a delivery succeeds again.
      await db.schema.alterTable("feeds").addColumn("failure_mailed_at", timestamp).execute();
      await db.schema.alterTable("dumps").addColumn("failure_mailed_at", timestamp).execute();
      // An incident names its run, feed or dump and owner, so the admin screen links them.
      for (const column of ["owner_id", "feed_id", "dump_id", "feed_run_id"]) {
        await db.schema.alterTable("pipeline_incidents").addColumn(column, "text").execute();
      }
    },
  };
}
