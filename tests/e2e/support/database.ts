import path from "node:path";
import Database from "better-sqlite3";
import { e2eDatabaseFile } from "../../../playwright.config";

/** Reads what the server under test stored, straight from its SQLite file. */
export function queryE2eDatabase<Row>(sql: string, ...params: unknown[]): Row[] {
  const database = new Database(path.resolve(e2eDatabaseFile), { readonly: true, fileMustExist: true });
  try {
    return database.prepare(sql).all(...params) as Row[];
  } finally {
    database.close();
  }
}

/** Changes the e2e database directly: for states a test cannot wait for in real time, such as a passed delay. */
export function writeE2eDatabase(sql: string, ...params: unknown[]): number {
  const database = new Database(path.resolve(e2eDatabaseFile), { fileMustExist: true });
  try {
    return database.prepare(sql).run(...params).changes;
  } finally {
    database.close();
  }
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
