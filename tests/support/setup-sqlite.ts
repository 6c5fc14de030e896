import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "~/modules/db/database.server";
import { afterAll, beforeAll } from "vitest";

/** Each test file gets its own SQLite database in a new folder, migrated before the tests run. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sqlite-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
process.env.NODE_ENV = "test";

/** Kept from beforeAll: a test may reset modules, and must not leave this connection open. */
let database: DatabaseHandle;

beforeAll(async () => {
  ({ database } = await import("~/modules/db/db.server"));
  const { migrateToLatest } = await import("~/modules/db/database.server");
  await migrateToLatest(database);
});

afterAll(async () => {
  // The call log writes once a second: what this file's calls left is written before its database goes.
  await (await import("~/modules/usage/recorder.server")).flushCalls();
  await database.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
