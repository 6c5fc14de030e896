import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function webhookSecrets({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Each subscriber's webhook signing secret (issue 27), sealed; after a rotation the previous one keeps
      // signing beside it until previous_expires_at, so receivers can switch without missing a webhook.
      await db.schema
        .createTable("webhook_secrets")
        .addColumn("user_id", "text", (column) => column.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("secret_sealed", "text", (column) => column.notNull())
        .addColumn("previous_sealed", "text")
        .addColumn("previous_expires_at", timestamp)
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("rotated_at", timestamp)
        .execute();
    },
  };
}
