import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function sandboxRegistrations({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Sandbox registrations (issue 14): the form's fields, the e-mailed access link (its token stored as SHA-256,
      // valid 7 days) and when the link issued its one trial key.
      await db.schema
        .createTable("sandbox_registrations")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("surname", "text", (column) => column.notNull())
        .addColumn("company_name", "text", (column) => column.notNull())
        .addColumn("job_title", "text", (column) => column.notNull())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("country", "text", (column) => column.notNull())
        .addColumn("message", "text")
        .addColumn("consent", "integer", (column) => column.notNull())
        .addColumn("offers", "integer", (column) => column.notNull())
        .addColumn("language", "text", (column) => column.notNull())
        .addColumn("token_hash", "text", (column) => column.notNull().unique())
        .addColumn("link_expires_at", timestamp, (column) => column.notNull())
        .addColumn("key_issued_at", timestamp)
        .execute();
      await db.schema.createIndex("sandbox_registrations_email").on("sandbox_registrations").column("email").execute();
    },
  };
}
