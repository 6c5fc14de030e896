import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function apiCallLog({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Every data-API call (issue 29), kept USAGE_LOG_DAYS: who (account, key id: never the key), what (set,
      // operation, path), how it went (status, latency, size) and the request id the answer carried.
      await db.schema
        .createTable("api_call_log")
        .addColumn("request_id", "text", (column) => column.primaryKey())
        .addColumn("at", timestamp, (column) => column.notNull())
        .addColumn("account", "text", (column) => column.notNull())
        .addColumn("key_id", "text")
        .addColumn("set_id", "text", (column) => column.notNull())
        .addColumn("operation", "text", (column) => column.notNull())
        .addColumn("method", "text", (column) => column.notNull())
        .addColumn("path_template", "text", (column) => column.notNull())
        .addColumn("path", "text", (column) => column.notNull())
        .addColumn("query", "text", (column) => column.notNull())
        .addColumn("status", "integer", (column) => column.notNull())
        .addColumn("latency_ms", "integer", (column) => column.notNull())
        .addColumn("response_bytes", "integer", (column) => column.notNull())
        .addColumn("client_address", "text", (column) => column.notNull())
        .addColumn("user_agent", "text", (column) => column.notNull())
        .addColumn("error", "text")
        .execute();
      await db.schema.createIndex("api_call_log_account_at").on("api_call_log").columns(["account", "at"]).execute();
      await db.schema.createIndex("api_call_log_at").on("api_call_log").column("at").execute();
      // The totals per day, account, set, operation and status class, kept 13 months.
      await db.schema
        .createTable("api_usage_daily")
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("account", "text", (column) => column.notNull())
        .addColumn("set_id", "text", (column) => column.notNull())
        .addColumn("operation", "text", (column) => column.notNull())
        .addColumn("status_class", "text", (column) => column.notNull())
        .addColumn("calls", "integer", (column) => column.notNull())
        .addColumn("latency_ms_total", "integer", (column) => column.notNull())
        .addPrimaryKeyConstraint("api_usage_daily_key", ["day", "account", "set_id", "operation", "status_class"])
        .execute();
      await db.schema.createIndex("api_usage_daily_account_day").on("api_usage_daily").columns(["account", "day"]).execute();
    },
  };
}
