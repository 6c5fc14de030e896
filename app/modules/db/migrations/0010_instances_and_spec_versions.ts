import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function instancesAndSpecVersions({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Every running process says it is alive: web servers and workers alike, for the admin dashboard and /healthz.
      // It replaces worker_heartbeats, whose rows only ever lived as long as their worker.
      await db.schema
        .createTable("instances")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("version", "text")
        .addColumn("started_at", timestamp, (column) => column.notNull())
        .addColumn("seen_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("instances_seen").on("instances").columns(["kind", "seen_at"]).execute();
      await db.schema.dropTable("worker_heartbeats").execute();

      // One version stamp per documentation set, moved by every specification reload; each process follows it.
      await db.schema
        .createTable("spec_versions")
        .addColumn("set_id", "text", (column) => column.primaryKey())
        .addColumn("version", "integer", (column) => column.notNull())
        .addColumn("reloaded_at", timestamp, (column) => column.notNull())
        .addColumn("reloaded_by", "text", (column) => column.notNull())
        .execute();
    },
  };
}
