import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function foundation({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("incidents")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("path", "text", (column) => column.notNull())
        .addColumn("message", "text", (column) => column.notNull())
        .addColumn("query", "text", (column) => column.notNull())
        .addColumn("username", "text")
        .addColumn("stacktrace", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("incidents_created_at").on("incidents").column("created_at").execute();

      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("subject", "text", (column) => column.notNull())
        .addColumn("payload", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("recipient", "text", (column) => column.notNull())
        .addColumn("reply_to", "text")
        .addColumn("subject", "text", (column) => column.notNull())
        .addColumn("body", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("sent_at", timestamp)
        .execute();
      await db.schema.createIndex("outbox_status").on("outbox").columns(["status", "created_at"]).execute();

      await db.schema
        .createTable("rate_limit_events")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("key", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("rate_limit_events_key").on("rate_limit_events").columns(["key", "created_at"]).execute();
    },
  };
}
