import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function sessionApiKeys({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The API key a user generated in a browser session, sealed to that session, gone with it (issue 14).
      await db.schema
        .createTable("session_api_keys")
        .addColumn("session_id_hash", "text", (column) => column.notNull().references("sessions.id_hash").onDelete("cascade"))
        .addColumn("platform", "text", (column) => column.notNull())
        .addColumn("sealed_key", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("session_api_keys_pk", ["session_id_hash", "platform"])
        .execute();
    },
  };
}
