import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseHandle } from "~/modules/db/database.server";
import { afterAll, beforeAll, inject } from "vitest";

/** Each test file gets its own database on the throwaway cluster, migrated before the tests run. */
const adminUrl = inject("postgresUrl");
const name = `portal_test_${randomBytes(6).toString("hex")}`;

function urlFor(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

process.env.DATABASE_URL = urlFor(name);
process.env.NODE_ENV = "test";

/** Kept from beforeAll: a test may reset modules, and must not leave this connection open. */
let database: DatabaseHandle;

beforeAll(async () => {
  await onAdmin(`create database ${name}`);
  ({ database } = await import("~/modules/db/db.server"));
  const { migrateToLatest } = await import("~/modules/db/database.server");
  await migrateToLatest(database);
});

afterAll(async () => {
  // The call log writes once a second: what this file's calls left is written before its database goes.
  await (await import("~/modules/usage/recorder.server")).flushCalls();
  await database.db.destroy();
  await onAdmin(`drop database if exists ${name}`);
});
