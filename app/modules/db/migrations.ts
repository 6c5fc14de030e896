import { sql, type Kysely, type Migration } from "kysely";
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
        await db.schema.createIndex("rate_limit_events_key").on("rate_limit_events").columns(["key", "created_at"]).execute();
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
    "0003_catalog": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("catalog_state")
          .addColumn("id", "integer", (column) => column.primaryKey())
          .addColumn("signature", "text", (column) => column.notNull())
          .addColumn("series_count", "integer", (column) => column.notNull())
          .addColumn("company_count", "integer", (column) => column.notNull())
          .addColumn("document_count", "integer", (column) => column.notNull())
          .addColumn("advance_count", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("seeded_at", timestamp, (column) => column.notNull())
          .addColumn("advanced_at", timestamp)
          .execute();

        await db.schema
          .createTable("catalog_series")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("name", "text", (column) => column.notNull())
          .addColumn("frequency", "text", (column) => column.notNull())
          .addColumn("unit", "text", (column) => column.notNull())
          .addColumn("country", "text", (column) => column.notNull())
          .addColumn("region", "text", (column) => column.notNull())
          .addColumn("indicator", "text", (column) => column.notNull())
          .addColumn("source", "text", (column) => column.notNull())
          .addColumn("database_id", "text", (column) => column.notNull())
          .addColumn("topic_id", "text", (column) => column.notNull())
          .addColumn("section_id", "text", (column) => column.notNull())
          .addColumn("table_id", "text", (column) => column.notNull())
          .addColumn("start_date", "text", (column) => column.notNull())
          .addColumn("end_date", "text", (column) => column.notNull())
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("last_update", timestamp, (column) => column.notNull())
          .addColumn("is_key", "integer", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("search_text", "text", (column) => column.notNull())
          .execute();
        // Dumps and previews page through one database by id; feeds look for recent changes.
        await db.schema.createIndex("catalog_series_database").on("catalog_series").columns(["database_id", "id"]).execute();
        await db.schema.createIndex("catalog_series_updated").on("catalog_series").column("last_update").execute();
        await db.schema.createIndex("catalog_series_country").on("catalog_series").column("country").execute();
        await db.schema.createIndex("catalog_series_indicator").on("catalog_series").column("indicator").execute();
        await db.schema.createIndex("catalog_series_table").on("catalog_series").column("table_id").execute();

        await db.schema
          .createTable("catalog_series_points")
          .addColumn("series_id", "text", (column) => column.primaryKey().references("catalog_series.id").onDelete("cascade"))
          .addColumn("points", "text", (column) => column.notNull())
          .execute();

        await db.schema
          .createTable("catalog_companies")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("name", "text", (column) => column.notNull())
          .addColumn("country", "text", (column) => column.notNull())
          .addColumn("region", "text", (column) => column.notNull())
          .addColumn("city", "text", (column) => column.notNull())
          .addColumn("address", "text", (column) => column.notNull())
          .addColumn("type", "text", (column) => column.notNull())
          .addColumn("main_industry", "text", (column) => column.notNull())
          .addColumn("secondary_industries", "text", (column) => column.notNull())
          .addColumn("isic", "text", (column) => column.notNull())
          .addColumn("legal_form", "text", (column) => column.notNull())
          .addColumn("local_legal_form", "text", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("employees", "integer", (column) => column.notNull())
          .addColumn("description", "text", (column) => column.notNull())
          .addColumn("products", "text", (column) => column.notNull())
          .addColumn("executives", "text", (column) => column.notNull())
          .addColumn("shareholders", "text", (column) => column.notNull())
          .addColumn("subsidiaries", "text", (column) => column.notNull())
          .addColumn("auditors", "text", (column) => column.notNull())
          .addColumn("owner_name", "text")
          .addColumn("owner_citizenship", "text")
          .addColumn("owner_birth_date", "text")
          .addColumn("import_countries", "text", (column) => column.notNull())
          .addColumn("export_countries", "text", (column) => column.notNull())
          .addColumn("search_text", "text", (column) => column.notNull())
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .execute();
        await db.schema.createIndex("catalog_companies_updated").on("catalog_companies").column("updated_at").execute();
        await db.schema.createIndex("catalog_companies_country").on("catalog_companies").column("country").execute();

        await db.schema
          .createTable("catalog_statements")
          .addColumn("company_id", "text", (column) => column.primaryKey().references("catalog_companies.id").onDelete("cascade"))
          .addColumn("statements", "text", (column) => column.notNull())
          .execute();

        await db.schema
          .createTable("catalog_documents")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("title", "text", (column) => column.notNull())
          .addColumn("summary", "text", (column) => column.notNull())
          .addColumn("country", "text", (column) => column.notNull())
          .addColumn("language", "text", (column) => column.notNull())
          .addColumn("format", "text", (column) => column.notNull())
          .addColumn("industry", "text", (column) => column.notNull())
          .addColumn("publication_type", "text", (column) => column.notNull())
          .addColumn("source", "text", (column) => column.notNull())
          .addColumn("topic", "text", (column) => column.notNull())
          .addColumn("search_text", "text", (column) => column.notNull())
          .addColumn("published_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .execute();
        await db.schema.createIndex("catalog_documents_updated").on("catalog_documents").column("updated_at").execute();
        await db.schema.createIndex("catalog_documents_published").on("catalog_documents").column("published_at").execute();
      },
    },
    "0004_jobs": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("jobs")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("kind", "text", (column) => column.notNull())
          .addColumn("payload", "text", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("run_at", timestamp, (column) => column.notNull())
          .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("max_attempts", "integer", (column) => column.notNull())
          .addColumn("concurrency_key", "text")
          .addColumn("unique_key", "text")
          .addColumn("locked_by", "text")
          .addColumn("locked_until", timestamp)
          .addColumn("cancel_requested", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("last_error", "text")
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .addColumn("finished_at", timestamp)
          .execute();
        await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
        // The database, not the workers, guarantees one running job per key (one dump per user at a time)
        // and one pending job per unique key (one scheduled tick of each kind).
        await db.schema
          .createIndex("jobs_one_running_per_key")
          .on("jobs")
          .column("concurrency_key")
          .unique()
          .where(sql.ref("status"), "=", "running")
          .execute();
        await db.schema
          .createIndex("jobs_one_pending_per_unique_key")
          .on("jobs")
          .column("unique_key")
          .unique()
          .where(sql.ref("status"), "in", ["queued", "running"])
          .execute();

        await db.schema
          .createTable("feeds")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
          .addColumn("product", "text", (column) => column.notNull())
          .addColumn("name", "text", (column) => column.notNull())
          .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
          .addColumn("frequency", "text", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("criteria", "text", (column) => column.notNull())
          .addColumn("options", "text", (column) => column.notNull())
          .addColumn("delivery", "text", (column) => column.notNull())
          .addColumn("notification", "text", (column) => column.notNull())
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .addColumn("deleted_at", timestamp)
          .addColumn("next_run_at", timestamp)
          .addColumn("last_run_at", timestamp)
          .addColumn("last_success_at", timestamp)
          .addColumn("last_run_status", "text")
          .execute();
        await db.schema.createIndex("feeds_user").on("feeds").columns(["user_id", "product"]).execute();
        await db.schema.createIndex("feeds_due").on("feeds").columns(["status", "next_run_at"]).execute();

        await db.schema
          .createTable("dumps")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
          .addColumn("product", "text", (column) => column.notNull())
          .addColumn("feed_id", "text", (column) => column.references("feeds.id").onDelete("set null"))
          .addColumn("name", "text", (column) => column.notNull())
          .addColumn("description", "text", (column) => column.notNull().defaultTo(""))
          .addColumn("criteria", "text", (column) => column.notNull())
          .addColumn("options", "text", (column) => column.notNull())
          .addColumn("delivery", "text", (column) => column.notNull())
          .addColumn("notification", "text", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("job_id", "text")
          .addColumn("processed", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("total", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("estimated_end_at", timestamp)
          .addColumn("error", "text")
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .addColumn("started_at", timestamp)
          .addColumn("finished_at", timestamp)
          .execute();
        await db.schema.createIndex("dumps_user").on("dumps").columns(["user_id", "product"]).execute();

        await db.schema
          .createTable("feed_runs")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("feed_id", "text", (column) => column.notNull().references("feeds.id").onDelete("cascade"))
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("since", timestamp)
          .addColumn("items", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("error", "text")
          .addColumn("started_at", timestamp, (column) => column.notNull())
          .addColumn("finished_at", timestamp)
          .execute();
        await db.schema.createIndex("feed_runs_feed").on("feed_runs").columns(["feed_id", "started_at"]).execute();

        await db.schema
          .createTable("files")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
          .addColumn("product", "text", (column) => column.notNull())
          .addColumn("dump_id", "text", (column) => column.references("dumps.id").onDelete("set null"))
          .addColumn("feed_run_id", "text", (column) => column.references("feed_runs.id").onDelete("set null"))
          .addColumn("format", "text", (column) => column.notNull())
          .addColumn("filename", "text", (column) => column.notNull())
          .addColumn("path", "text", (column) => column.notNull())
          .addColumn("size", "integer", (column) => column.notNull())
          .addColumn("items", "integer", (column) => column.notNull())
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("expires_at", timestamp, (column) => column.notNull())
          .addColumn("purged_at", timestamp)
          .execute();
        await db.schema.createIndex("files_expiry").on("files").columns(["purged_at", "expires_at"]).execute();

        await db.schema
          .createTable("deliveries")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
          .addColumn("file_id", "text", (column) => column.references("files.id").onDelete("set null"))
          .addColumn("dump_id", "text", (column) => column.references("dumps.id").onDelete("set null"))
          .addColumn("feed_run_id", "text", (column) => column.references("feed_runs.id").onDelete("set null"))
          .addColumn("channel", "text", (column) => column.notNull())
          .addColumn("target", "text", (column) => column.notNull())
          .addColumn("status", "text", (column) => column.notNull())
          .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
          .addColumn("last_error", "text")
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("updated_at", timestamp, (column) => column.notNull())
          .execute();

        await db.schema
          .createTable("pipeline_incidents")
          .addColumn("id", "text", (column) => column.primaryKey())
          .addColumn("created_at", timestamp, (column) => column.notNull())
          .addColumn("severity", "text", (column) => column.notNull())
          .addColumn("message", "text", (column) => column.notNull())
          .addColumn("stacktrace", "text", (column) => column.notNull())
          .addColumn("additional_data", "text", (column) => column.notNull())
          .execute();
        await db.schema.createIndex("pipeline_incidents_created").on("pipeline_incidents").column("created_at").execute();

        await db.schema
          .createTable("worker_heartbeats")
          .addColumn("worker_id", "text", (column) => column.primaryKey())
          .addColumn("started_at", timestamp, (column) => column.notNull())
          .addColumn("seen_at", timestamp, (column) => column.notNull())
          .execute();
      },
    },
    "0005_security_accounts": {
      async up(db: Kysely<unknown>) {
        // Idle timeout: when a session was last used, written at most once a minute.
        await db.schema.alterTable("sessions").addColumn("last_seen_at", timestamp).execute();
        await sql`update sessions set last_seen_at = created_at`.execute(db);
        // A new request or a completed reset ends every older link of the account.
        await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();
      },
    },
    "0006_security_feeds": {
      async up(db: Kysely<unknown>) {
        // Why a feed was paused or a dump stopped by the portal (a code the pages translate), e.g. a subscription that ended.
        await db.schema.alterTable("feeds").addColumn("pause_reason", "text").execute();
        await db.schema.alterTable("dumps").addColumn("stop_reason", "text").execute();
        // The daily limit of notification e-mails counts a user's recent e-mail deliveries.
        await db.schema
          .createIndex("deliveries_user_channel_created")
          .on("deliveries")
          .columns(["user_id", "channel", "created_at"])
          .execute();
      },
    },
  };
}
