import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function accounts({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("email", "text", (column) => column.notNull().unique())
        .addColumn("username", "text", (column) => column.notNull().unique())
        .addColumn("password_hash", "text", (column) => column.notNull())
        .addColumn("first_name", "text", (column) => column.notNull().defaultTo(""))
        .addColumn("last_name", "text", (column) => column.notNull().defaultTo(""))
        .addColumn("job_position", "text", (column) => column.notNull().defaultTo(""))
        .addColumn("job_description", "text", (column) => column.notNull().defaultTo(""))
        .addColumn("picture_type", "text")
        .addColumn("is_admin", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("has_token_decoder", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("user_platforms")
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("platform", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("user_platforms_pk", ["user_id", "platform"])
        .execute();

      await db.schema
        .createTable("subscriptions")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product", "text", (column) => column.notNull())
        .addColumn("starts_at", timestamp, (column) => column.notNull())
        .addColumn("ends_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("subscriptions_user").on("subscriptions").column("user_id").execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("platform", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("api_keys")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("platform", "text", (column) => column.notNull())
        .addColumn("key_hash", "text", (column) => column.notNull().unique())
        .addColumn("hint", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("last_used_at", timestamp)
        .addColumn("revoked_at", timestamp)
        .addColumn("revoked_reason", "text")
        .execute();
      await db.schema.createIndex("api_keys_user").on("api_keys").columns(["user_id", "platform"]).execute();

      await db.schema
        .createTable("password_resets")
        .addColumn("token_hash", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .addColumn("used_at", timestamp)
        .execute();
    },
  };
}
