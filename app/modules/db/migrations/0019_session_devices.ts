import type { Kysely, Migration } from "kysely";

export function sessionDevices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // What a user sees of each of their sessions to recognise it (issue 26): the browser and where it signed in.
      await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
      await db.schema.alterTable("sessions").addColumn("address", "text").execute();
    },
  };
}
