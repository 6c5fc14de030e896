import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../database.server";

/**
 * A counter that moves whenever a series is added, removed or changed, whoever writes it (the catalog's seed and
 * advance, an import, a test, an operator's SQL): a web process keeps the series and their keyword index in
 * memory (catalog/keyword-index) and reads this one row before each search to know whether what it holds still
 * describes the table. SQLite counts each row written; PostgreSQL each statement.
 */
export function seriesVersion(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("catalog_series_version")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("version", "bigint", (column) => column.notNull())
        .execute();
      await sql`insert into catalog_series_version (id, version) values (1, 0)`.execute(db);
      if (dialect === "postgres") await statementTriggers(db);
      else await rowTriggers(db);
    },
  };
}

async function rowTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = sql`update catalog_series_version set version = version + 1 where id = 1;`;
  await sql`create trigger catalog_series_version_insert after insert on catalog_series begin ${bump} end`.execute(db);
  await sql`create trigger catalog_series_version_delete after delete on catalog_series begin ${bump} end`.execute(db);
  await sql`create trigger catalog_series_version_update after update on catalog_series begin ${bump} end`.execute(db);
}

async function statementTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function catalog_series_version_bump() returns trigger language plpgsql as $$
    begin
      update catalog_series_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger catalog_series_version_bump
    after insert or delete or update on catalog_series
    for each statement execute function catalog_series_version_bump()`.execute(db);
}
