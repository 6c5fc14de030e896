import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function userAdministration({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Issue 26: an admin locks an account (it signs in no more, its sessions and keys stop), and every change
      // of a user names the version it read, so two admins editing one user cannot overwrite each other.
      await db.schema.alterTable("users").addColumn("locked_at", timestamp).execute();
      await db.schema
        .alterTable("users")
        .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
        .execute();
      // An admin creates a user and the invitee sets the password through a mailed single-use link (its token stored
      // as SHA-256, valid 7 days).
      await db.schema
        .createTable("invitations")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (column) => column.notNull().unique())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("expires_at", timestamp, (column) => column.notNull())
        .addColumn("used_at", timestamp)
        .addColumn("revoked_at", timestamp)
        .addColumn("created_by", "text")
        .execute();
      await db.schema.createIndex("invitations_user").on("invitations").column("user_id").execute();
    },
  };
}
