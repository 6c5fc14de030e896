import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function sftpHostKeys({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The SFTP server's host key of a feed or dump (issue 27), recorded at the first connection and checked at
      // every later one; keyed by the server, so another host or port starts again from its first connection.
      await db.schema
        .createTable("sftp_host_keys")
        .addColumn("source_id", "text", (column) => column.notNull())
        .addColumn("host", "text", (column) => column.notNull())
        .addColumn("port", "integer", (column) => column.notNull())
        .addColumn("fingerprint", "text", (column) => column.notNull())
        .addColumn("recorded_at", timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("sftp_host_keys_key", ["source_id", "host", "port"])
        .execute();
    },
  };
}
