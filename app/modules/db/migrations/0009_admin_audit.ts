import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function adminAudit({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Every admin action that changes something: who did what, to whose item, when.
      await db.schema
        .createTable("admin_actions")

        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("admin_id", "text", (column) => column.notNull())
        .addColumn("admin_username", "text", (column) => column.notNull())
        .addColumn("action", "text", (column) => column.notNull())
        .addColumn("owner_username", "text")
        .addColumn("target", "text", (column) => column.notNull())
        .addColumn("details", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("admin_actions_created").on("admin_actions").column("created_at").execute();
    },
  };
}
