import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function adminApiKeys({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Keys of the provider's own systems for the provisioning API (issue 26): stored as their SHA-256 only.
      await db.schema
        .createTable("admin_api_keys")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("scope", "text", (column) => column.notNull())
        .addColumn("key_hash", "text", (column) => column.notNull().unique())
        .addColumn("hint", "text", (column) => column.notNull())
        .addColumn("created_by", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("last_used_at", timestamp)
        .addColumn("revoked_at", timestamp)
        .execute();
    },
  };
}
