import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function sandboxTrialKeys({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The sandbox's trial keys: stored as SHA-256 like every API key, valid until expires_at (7 days).
      await db.schema
        .createTable("trial_keys")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("registration_id", "text", (column) => column.notNull())
        .addColumn("key_hash", "text", (column) => column.notNull().unique())
        .addColumn("hint", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .addColumn("last_used_at", timestamp)
        .execute();
      await db.schema.createIndex("trial_keys_registration").on("trial_keys").column("registration_id").execute();
    },
  };
}
