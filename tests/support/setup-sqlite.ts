import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/** Each test file gets its own SQLite database in a new folder, migrated before the tests run. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sqlite-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
process.env.NODE_ENV = "test";

beforeAll(async () => {
  const { database } = await import("~/modules/db/db.server");
  const { migrateToLatest } = await import("~/modules/db/database.server");
  await migrateToLatest(database);
});

afterAll(async () => {
  const { db } = await import("~/modules/db/db.server");
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
