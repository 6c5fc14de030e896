import { sql, type Kysely, type Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function securityAccounts({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Idle timeout: when a session was last used, written at most once a minute.
      await db.schema.alterTable("sessions").addColumn("last_seen_at", timestamp).execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
      // A new request or a completed reset ends every older link of the account.
      await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();
    },
  };
}
