import { sql, type Kysely, type Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function jobs({ timestamp }: MigrationTypes): Migration {
  return {
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
  };
}
