import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider, type SqliteDatabase } from "kysely";
import pg from "pg";
import { getMigrations } from "./migrations";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** The connection under Kysely, for the rate limiter's store (rate-limit/limiter-store.server.ts). */
export type DatabaseClient = { dialect: "sqlite"; sqlite: SQLite.Database } | { dialect: "postgres"; pool: pg.Pool };

export type DatabaseConfig = { url: string } | { file: string };

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/** PostgreSQL returns the same value shapes as SQLite: ISO strings for timestamps, numbers for counts. */
const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) return (value: string) => new Date(value).toISOString();
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** How many distinct statements a connection keeps prepared; the app writes a few hundred. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The SQLite connection as Kysely sees it, with prepared statements kept by their SQL: Kysely prepares every query
 * afresh, and parsing and planning the same few statements was a tenth of a signed-in page's database time
 * (issue 17). A statement still busy in an open iterator is prepared anew rather than shared.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle & { client: DatabaseClient } {
  if ("url" in config) {
    const pool = new pg.Pool({ connectionString: config.url, types: postgresTypes, max: 10 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      client: { dialect: "postgres", pool },
    };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma("journal_mode = WAL");
  // In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut may lose the last commits but never
  // corrupts the file. Every data-API call commits its limit counters; a sync per commit is not worth that.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: "sqlite",
    client: { dialect: "sqlite", sqlite },
  };
}

export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => getMigrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
