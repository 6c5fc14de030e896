import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { dailyTotals, type CallRecord } from "./call-record";

/**
 * The call log's writer (issue 29): an answer never waits for it. Calls gather in memory and are written once a
 * second in one transaction with their daily totals, so a slow database never slows an answer and a crash loses at
 * most the last second. Past MAX_PENDING unwritten calls (a database that is down) new ones are counted, not kept.
 */

const FLUSH_EVERY_MS = 1000;
const MAX_PENDING = 50_000;
/** Rows per insert: 16 columns each stays far under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500;

let pending: CallRecord[] = [];
let timer: NodeJS.Timeout | undefined;
let writing: Promise<void> = Promise.resolve();
let dropped = 0;

export function recordCall(record: CallRecord): void {
  if (env.USAGE_LOG === "off") return;
  if (pending.length >= MAX_PENDING) {
    dropped += 1;
    return;
  }
  pending.push(record);
  timer ??= setTimeout(() => void flushCalls(), FLUSH_EVERY_MS).unref();
}

async function writeBatch(batch: CallRecord[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("api_call_log")
        .values(
          batch.slice(start, start + ROWS_PER_INSERT).map((record) => ({
            request_id: record.requestId,
            at: nowIso(record.at),
            account: record.account,
            key_id: record.keyId,
            set_id: record.set,
            operation: record.operation,
            method: record.method,
            path_template: record.pathTemplate,
            path: record.path,
            query: record.query,
            status: record.status,
            latency_ms: record.latencyMs,
            response_bytes: record.responseBytes,
            client_address: record.clientAddress,
            user_agent: record.userAgent,
            error: record.error,
          })),
        )
        .execute();
    }
    for (const total of dailyTotals(batch)) {
      await trx
        .insertInto("api_usage_daily")
        .values({
          day: total.day,
          account: total.account,
          set_id: total.set,
          operation: total.operation,
          status_class: total.statusClass,
          calls: total.calls,
          latency_ms_total: total.latencyMsTotal,
        })
        .onConflict((conflict) =>
          conflict.columns(["day", "account", "set_id", "operation", "status_class"]).doUpdateSet((eb) => ({
            calls: eb("api_usage_daily.calls", "+", eb.ref("excluded.calls")),
            latency_ms_total: eb("api_usage_daily.latency_ms_total", "+", eb.ref("excluded.latency_ms_total")),
          })),
        )
        .execute();
    }
  });
}

/** Writes what is waiting (the timer does this every second; shutdown and tests call it). One write at a time. */
export function flushCalls(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  writing = writing.then(async () => {
    const batch = pending;
    pending = [];
    if (dropped > 0) console.error(`The call log dropped ${dropped} calls while the database did not take them.`);
    dropped = 0;
    if (batch.length === 0) return;
    await writeBatch(batch).catch((error: unknown) => {
      console.error(`The call log could not write ${batch.length} calls: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  return writing;
}
