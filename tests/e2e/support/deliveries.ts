import { randomUUID } from "node:crypto";
import { e2eDb } from "./database";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A feed run whose webhook failed once and waits an hour for its retry, written straight into the server's database
 * (a real one takes a run of the feed and a failing receiver): the run, its delivery, the attempt and the notify job
 * "Retry delivery now" moves. The webhook's address is on loopback, which the server refuses, so the retry fails too.
 */
export async function seedRetryingRun(feedId: string): Promise<{ runId: string; deliveryId: string }> {
  const db = e2eDb();
  const feed = await db.selectFrom("feeds").select(["user_id", "name"]).where("id", "=", feedId).executeTakeFirstOrThrow();
  const now = Date.now();
  const runId = randomUUID();
  const deliveryId = randomUUID();
  const jobId = randomUUID();
  const started = iso(now - 120_000);
  await db
    .insertInto("feed_runs")
    .values({
      id: runId,
      feed_id: feedId,
      status: "delivered",
      since: iso(now - 86_400_000),
      items: 3,
      new_count: 1,
      changed_count: 2,
      error: null,
      started_at: started,
      finished_at: iso(now - 110_000),
    })
    .execute();
  await db
    .insertInto("deliveries")
    .values({
      id: deliveryId,
      user_id: feed.user_id,
      file_id: null,
      dump_id: null,
      feed_run_id: runId,
      channel: "webhook",
      target: "POST http://127.0.0.1:9/hooks?token=secret",
      status: "pending",
      attempts: 1,
      last_error: "The webhook answered HTTP 503",
      created_at: iso(now - 100_000),
      updated_at: iso(now - 90_000),
      job_id: jobId,
      next_attempt_at: iso(now + 3_600_000),
    })
    .execute();
  await db
    .insertInto("delivery_attempts")
    .values({
      id: randomUUID(),
      delivery_id: deliveryId,
      attempted_at: iso(now - 90_000),
      outcome: "failed",
      error: "The webhook answered HTTP 503",
    })
    .execute();
  const event = {
    event: "feed.delivered",
    id: feedId,
    name: feed.name,
    language: "en",
    records: 3,
    newCount: 1,
    changedCount: 2,
    fileId: null,
    downloadUrl: null,
    error: null,
  };
  await db
    .insertInto("jobs")
    .values({
      id: jobId,
      kind: "notify",
      payload: JSON.stringify({ deliveryId, event }),
      status: "queued",
      attempts: 1,
      max_attempts: 6,
      run_at: iso(now + 3_600_000),
      concurrency_key: null,
      unique_key: null,
      locked_by: null,
      locked_until: null,
      last_error: "The webhook answered HTTP 503",
      created_at: iso(now - 100_000),
      updated_at: iso(now - 90_000),
      finished_at: null,
    })
    .execute();
  return { runId, deliveryId };
}

/** The delivery's attempts so far, as the database has them. */
export async function deliveryAttempts(deliveryId: string): Promise<number> {
  const row = await e2eDb().selectFrom("deliveries").select("attempts").where("id", "=", deliveryId).executeTakeFirstOrThrow();
  return row.attempts;
}
