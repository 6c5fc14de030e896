import type { Kysely, Migration } from "kysely";

export function dataApiSessionKeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The API key a fund-flows session was opened with (null: the password), so replacing the key ends it.
      await db.schema.alterTable("data_api_sessions").addColumn("api_key_id", "text").execute();
      // A password reset ends every session of the account; a replaced key those opened with it.
      await db.schema.createIndex("data_api_sessions_user").on("data_api_sessions").column("user_id").execute();
      await db.schema.createIndex("data_api_sessions_key").on("data_api_sessions").column("api_key_id").execute();
    },
  };
}
