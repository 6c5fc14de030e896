import type { Kysely, Migration } from "kysely";

export function securityFeeds(): Migration {
  return {
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
  };
}
