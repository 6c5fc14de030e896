import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function dataApiSessions({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Fund flows' bearer sessions (POST /Session): the token is shown once and stored as its SHA-256.
      await db.schema
        .createTable("data_api_sessions")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("data_api_sessions_expiry").on("data_api_sessions").column("expires_at").execute();
      // One row per caller with a call in flight: a second, overlapping call of the same key is refused.
      await db.schema
        .createTable("data_api_calls")
        .addColumn("caller", "text", (column) => column.primaryKey())
        .addColumn("call_id", "text", (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .execute();
      // What callers create through the data APIs: filters, dumps, feeds, cursors, reports, file accesses.
      await db.schema
        .createTable("data_api_records")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("set_id", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("owner_id", "text", (column) => column.notNull())
        .addColumn("ref", "text")
        .addColumn("body", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("updated_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("data_api_records_owner").on("data_api_records").columns(["owner_id", "kind", "created_at"]).execute();
      await db.schema.createIndex("data_api_records_ref").on("data_api_records").columns(["kind", "ref"]).execute();
    },
  };
}
