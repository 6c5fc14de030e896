import { type Kysely, type Migration } from "kysely";
import type { DialectName } from "./database.server";

/**
 * Versioned migrations, run in name order on SQLite and PostgreSQL alike. Never edit a released migration:
 * add a new one. Column types that differ per dialect come from `types(dialect)`.
 */
function types(dialect: DialectName) {
  return { timestamp: dialect === "postgres" ? ("timestamptz" as const) : ("text" as const) };
}

export function getMigrations(dialect: DialectName): Record<string, Migration> {
  const { timestamp } = types(dialect);
  return {
    "0001_foundation": {
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
        await db.schema
          .createIndex("rate_limit_events_key")
          .on("rate_limit_events")
          .columns(["key", "created_at"])
          .execute();
      },
    },
    "0002_accounts": {
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
    },
  };
}
