import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { e2eDatabaseFile } from "../../../playwright.config";
import type { TestAccount } from "./accounts";

/**
 * Holds the account's dump queue as a running dump of another worker would: its dumps stay queued until the
 * returned release is called, so a test sees the queued state for as long as it needs.
 */
function withDatabase<T>(work: (database: Database.Database) => T): T {
  const database = new Database(path.resolve(e2eDatabaseFile));
  try {
    return work(database);
  } finally {
    database.close();
  }
}

export function holdDumpQueue(account: TestAccount): () => void {
  const jobId = randomUUID();
  withDatabase((database) => {
    const { id } = database.prepare("select id from users where email = ?").get(account.email) as { id: string };
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 10 * 60_000).toISOString();
    database
      .prepare(
        "insert into jobs (id, kind, payload, status, run_at, attempts, max_attempts, concurrency_key, unique_key, locked_by, locked_until, cancel_requested, last_error, created_at, updated_at, finished_at) values (?, 'test-blocker', '{}', 'running', ?, 1, 1, ?, null, 'test', ?, 0, null, ?, ?, null)",
      )
      .run(jobId, now, `dumps:${id}`, later, now, now);
  });
  return () => withDatabase((database) => void database.prepare("delete from jobs where id = ?").run(jobId));
}

/** Shows a held dump as a worker would while writing it: running, `processed` of `total` done. */
export function markDumpRunning(dumpId: string, processed: number, total: number): void {
  withDatabase((database) =>
    database
      .prepare("update dumps set status = 'running', processed = ?, total = ?, started_at = ? where id = ?")
      .run(processed, total, new Date().toISOString(), dumpId),
  );
}
