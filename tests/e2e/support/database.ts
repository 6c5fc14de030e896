import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { openDatabase } from "../../../app/modules/db/database.server";
import type { Database as Schema } from "../../../app/modules/db/schema";
import { e2eDatabaseFile, e2eDatabaseUrlFile } from "../../../playwright.config";

/** The PostgreSQL run's cluster, as its launcher (e2e-server.ts) wrote it; undefined on the SQLite run. */
export function e2eDatabaseUrl(): string | undefined {
  const file = path.resolve(e2eDatabaseUrlFile);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
}

let handle: Kysely<Schema> | undefined;

/**
 * The e2e server's database, opened with the app's own openDatabase(): the PostgreSQL run's cluster, otherwise
 * the SQLite file. One handle per test worker.
 */
export function e2eDb(): Kysely<Schema> {
  if (!handle) {
    const url = e2eDatabaseUrl();
    handle = openDatabase(url ? { url } : { file: path.resolve(e2eDatabaseFile) }).db;
  }
  return handle;
}

/** The body of the newest mail to `recipient` in the outbox. */
export async function newestMailBody(recipient: string): Promise<string | undefined> {
  const mail = await e2eDb()
    .selectFrom("outbox")
    .select("body")
    .where("recipient", "=", recipient)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return mail?.body;
}

/** The e-mail address of the user a feed or a dump belongs to. */
export async function ownerEmail(table: "feeds" | "dumps", id: string): Promise<string | undefined> {
  const owner = await e2eDb()
    .selectFrom(table)
    .innerJoin("users", "users.id", `${table}.user_id`)
    .select("users.email")
    .where(`${table}.id`, "=", id)
    .executeTakeFirst();
  return owner?.email;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
