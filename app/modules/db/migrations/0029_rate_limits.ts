import type { Kysely, Migration } from "kysely";

export function rateLimits(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // rate-limiter-flexible's table (issue 29), in the columns its SQLite and PostgreSQL stores read: a key's
      // points in its current window and the window's end in epoch milliseconds. Made here, not by the library
      // at run time, so it exists before the first request on every instance.
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("points", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
      await db.schema.createIndex("rate_limits_expire").on("rate_limits").column("expire").execute();
      // The hand-written sliding window's attempts and in-flight calls: the counters above replace both.
      await db.schema.dropTable("rate_limit_events").execute();
      await db.schema.dropTable("data_api_calls").execute();
    },
  };
}
