import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function subscriptionReminders({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The e-mails sent before a subscription's end (issue 26), one per subscription, end date and threshold: the
      // key is claimed before the mail is sent, so no worker sends one twice, and a new end date makes new ones due.
      await db.schema
        .createTable("subscription_reminders")
        .addColumn("subscription_id", "text", (column) => column.notNull())
        .addColumn("ends_at", timestamp, (column) => column.notNull())
        .addColumn("threshold_days", "integer", (column) => column.notNull())
        .addColumn("sent_at", timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("subscription_reminders_key", ["subscription_id", "ends_at", "threshold_days"])
        .execute();
    },
  };
}
