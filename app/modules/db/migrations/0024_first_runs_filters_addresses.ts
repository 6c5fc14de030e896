import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function firstRunsFiltersAddresses({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The dump of the current data a new feed started with (issue 27): its page links it and explains the runs.
      await db.schema.alterTable("feeds").addColumn("initial_dump_id", "text").execute();
      // The company v2 filter (data_api_records) of a company feed's or dump's selection: its ids or criteria.
      await db.schema.alterTable("feeds").addColumn("filter_id", "text").execute();
      await db.schema.alterTable("dumps").addColumn("filter_id", "text").execute();
      // Notification addresses other than the account's own, which get nothing until their link is followed. The
      // link's token is kept only as its SHA-256 (the link itself is only in the mail), and cleared once confirmed.
      await db.schema
        .createTable("notification_addresses")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull())
        .addColumn("address", "text", (column) => column.notNull())
        .addColumn("language", "text", (column) => column.notNull())
        .addColumn("token_hash", "text")
        .addColumn("requested_at", timestamp, (column) => column.notNull())
        .addColumn("confirmed_at", timestamp)
        .addUniqueConstraint("notification_addresses_user_address", ["user_id", "address"])
        .execute();
      await db.schema.createIndex("notification_addresses_token").on("notification_addresses").column("token_hash").execute();
    },
  };
}
