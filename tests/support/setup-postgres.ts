import { randomBytes } from "node:crypto";
import pg from "pg";
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

beforeAll(async () => {
  await onAdmin(`create database ${name}`);
  const { database } = await import("~/modules/db/db.server");
  const { migrateToLatest } = await import("~/modules/db/database.server");
  await migrateToLatest(database);
});

afterAll(async () => {
  const { db } = await import("~/modules/db/db.server");
  await db.destroy();
  await onAdmin(`drop database if exists ${name} with (force)`);
});
