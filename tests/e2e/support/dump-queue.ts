import { randomUUID } from "node:crypto";
import { nowIso } from "../../../app/modules/db/ids";
import type { TestAccount } from "./accounts";
import { e2eDb } from "./database";

/**
 * Holds the account's dump queue as a running dump of another worker would: its dumps stay queued until the
 * returned release is called, so a test sees the queued state for as long as it needs.
 */
export async function holdDumpQueue(account: TestAccount): Promise<() => Promise<void>> {
  const db = e2eDb();
  const jobId = randomUUID();
  const { id } = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  const now = nowIso();
  await db
    .insertInto("jobs")
    .values({
      id: jobId,
      kind: "test-blocker",
      payload: "{}",
      status: "running",
      run_at: now,
      attempts: 1,
      max_attempts: 1,
      concurrency_key: `dumps:${id}`,
      unique_key: null,
      locked_by: "test",
      locked_until: nowIso(new Date(Date.now() + 10 * 60_000)),
      cancel_requested: 0,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  return async () => {
    await db.deleteFrom("jobs").where("id", "=", jobId).execute();
  };
}

/** Shows a held dump as a worker would while writing it: running, `processed` of `total` done. */
export async function markDumpRunning(dumpId: string, processed: number, total: number): Promise<void> {
  await e2eDb().updateTable("dumps").set({ status: "running", processed, total, started_at: nowIso() }).where("id", "=", dumpId).execute();
}
