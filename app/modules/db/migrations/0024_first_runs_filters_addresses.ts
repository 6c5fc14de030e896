import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function firstRunsFiltersAddresses(_types: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The dump of the current data a new feed started with (issue 27): its page links it and explains the runs.
      await db.schema.alterTable("feeds").addColumn("initial_dump_id", "text").execute();
      // The company v2 filter (data_api_records) of a company feed's or dump's selection: its ids or criteria.
      await db.schema.alterTable("feeds").addColumn("filter_id", "text").execute();
      await db.schema.alterTable("dumps").addColumn("filter_id", "text").execute();
    },
  };
}
