import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../database.server";

/**
 * An index for the series keyword search (issue 29): every word anywhere in catalog_series.search_text, which a
 * LIKE '%word%' can only find by reading all the series. SQLite: an FTS5 trigram index of the column (an
 * external-content table, the catalog_series row being the content, kept in step by triggers; case-sensitive, as
 * the stored text and the searched words are both lower-cased already). It is keyed by catalog_series' rowid,
 * which only a VACUUM renumbers: after one, `insert into catalog_series_search(catalog_series_search) values
 * ('rebuild')` builds it again. PostgreSQL: a pg_trgm GIN index, which its planner uses for the same LIKE; where
 * the extension cannot be created (no right to), the search reads all the series as before.
 */
export function seriesKeywordIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") await trigramIndex(db);
      else await fullTextIndex(db);
    },
  };
}

async function fullTextIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table catalog_series_search using fts5(
    search_text, content = 'catalog_series', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`create trigger catalog_series_search_insert after insert on catalog_series begin
    insert into catalog_series_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger catalog_series_search_delete after delete on catalog_series begin
    insert into catalog_series_search(catalog_series_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger catalog_series_search_update after update of search_text on catalog_series begin
    insert into catalog_series_search(catalog_series_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into catalog_series_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`insert into catalog_series_search(catalog_series_search) values ('rebuild')`.execute(db);
}

/** Migrations run in one transaction on PostgreSQL: a savepoint keeps a refused extension from aborting it. */
async function trigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint series_keyword_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint series_keyword_index`.execute(db);
  } catch {
    await sql`rollback to savepoint series_keyword_index`.execute(db);
  }
  const { rows } = await sql<{ schema: string }>`
    select pg_namespace.nspname as schema from pg_extension
    join pg_namespace on pg_namespace.oid = pg_extension.extnamespace
    where pg_extension.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined) return;
  await sql`create index catalog_series_search_trigrams on catalog_series
    using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}
