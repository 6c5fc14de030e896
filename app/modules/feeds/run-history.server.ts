import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import { deliveryState, overallState, type DeliveryState } from "./delivery-state";

/**
 * The run history subscribers and admins read (issue 27), the same on the pages and in every product's JSON API:
 * a feed's last runs and a dump, each with its file and its deliveries per channel, each delivery with its attempts.
 */

/** Feed details show this many runs. */
const shownRuns = 30;

export interface AttemptEntry {
  at: string;
  outcome: "delivered" | "failed";
  error: string | null;
}

export interface DeliveryEntry {
  /** download, ftp, sftp, ftps, email or webhook */
  channel: string;
  /** Where it went: the address, the server and directory, or the webhook's address without its query. */
  target: string;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  nextAttemptAt: string | null;
  history: AttemptEntry[];
}

export interface RunFile {
  id: string;
  filename: string;
  format: string;
  size: number;
  items: number;
  expiresAt: string;
  /** While the file is kept. */
  downloadUrl: string | null;
}

export interface RunEntry {
  id: string;
  /** running, delivered, unchanged or failed (a delivery that gave up fails its run) */
  status: string;
  /** The deliveries' state as one (any failed fails it); null when the run delivered nothing. */
  state: DeliveryState | null;
  startedAt: string;
  finishedAt: string | null;
  /** Changes after this moment were selected. */
  since: string | null;
  items: number;
  /** Of what the run selected: created since `since`, and changed since then; null for runs made before they were counted. */
  newCount: number | null;
  changedCount: number | null;
  error: string | null;
  fileId: string | null;
  file: RunFile | null;
  deliveries: DeliveryEntry[];
}

/** Kept under both dialects' limits on bound parameters. */
const chunkSize = 500;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += chunkSize) rows.push(...(await read(ids.slice(start, start + chunkSize))));
  return rows;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A webhook's address without its query or credentials, which may carry a token. */
function shownTarget(channel: string, target: string): string {
  if (channel !== "webhook") return target;
  const [method, address] = target.split(" ", 2);
  try {
    const url = new URL(address ?? "");
    return `${method} ${url.origin}${url.pathname}`;
  } catch {
    return method ?? "";
  }
}

type FileRow = {
  id: string;
  owner: string;
  filename: string;
  format: string;
  size: number;
  items: number;
  created_at: string;
  expires_at: string;
  purged_at: string | null;
};

function runFile(file: FileRow): RunFile {
  return {
    id: file.id,
    filename: file.filename,
    format: file.format,
    size: file.size,
    items: file.items,
    expiresAt: file.expires_at,
    downloadUrl: file.purged_at ? null : `/api/files/${file.id}`,
  };
}

/** The file as a delivery of its own: downloadable from the portal from the moment it was written. */
function downloadEntry(file: FileRow): DeliveryEntry {
  return {
    channel: "download",
    target: file.filename,
    state: "delivered",
    attempts: 1,
    lastError: null,
    createdAt: file.created_at,
    updatedAt: file.created_at,
    nextAttemptAt: null,
    history: [{ at: file.created_at, outcome: "delivered", error: null }],
  };
}

/** The deliveries of feed runs or dumps, by run or dump id, each with its attempts, oldest first. */
async function deliveriesOf(column: "feed_run_id" | "dump_id", ids: readonly string[]): Promise<Map<string, DeliveryEntry[]>> {
  const deliveries = await inChunks(ids, (chunk) =>
    db
      .selectFrom("deliveries")
      .select([
        "id",
        "feed_run_id",
        "dump_id",
        "channel",
        "target",
        "status",
        "attempts",
        "last_error",
        "created_at",
        "updated_at",
        "next_attempt_at",
      ])
      .where(column, "in", chunk)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  );
  const attempts = await inChunks(
    deliveries.map((delivery) => delivery.id),
    (chunk) =>
      db
        .selectFrom("delivery_attempts")
        .select(["delivery_id", "attempted_at", "outcome", "error"])
        .where("delivery_id", "in", chunk)
        .orderBy("attempted_at")
        .orderBy("id")
        .execute(),
  );
  const byDelivery = groupBy(attempts, (attempt) => attempt.delivery_id);
  const entries = new Map<string, DeliveryEntry[]>();
  for (const delivery of deliveries) {
    const owner = (column === "feed_run_id" ? delivery.feed_run_id : delivery.dump_id) ?? "";
    const list = entries.get(owner) ?? [];
    list.push({
      channel: delivery.channel,
      target: shownTarget(delivery.channel, delivery.target),
      state: deliveryState(delivery.status, delivery.attempts),
      attempts: delivery.attempts,
      lastError: delivery.last_error,
      createdAt: delivery.created_at,
      updatedAt: delivery.updated_at,
      nextAttemptAt: delivery.next_attempt_at,
      history: (byDelivery.get(delivery.id) ?? []).map((attempt) => ({
        at: attempt.attempted_at,
        outcome: attempt.outcome === "delivered" ? "delivered" : "failed",
        error: attempt.error,
      })),
    });
    entries.set(owner, list);
  }
  return entries;
}

async function filesOf(column: "feed_run_id" | "dump_id", ids: readonly string[]): Promise<Map<string, FileRow[]>> {
  const files = await inChunks(ids, (chunk) =>
    db
      .selectFrom("files")
      .select(["id", "feed_run_id", "dump_id", "filename", "format", "size", "items", "created_at", "expires_at", "purged_at"])
      .where(column, "in", chunk)
      .orderBy("created_at")
      .execute(),
  );
  return groupBy(
    files.map((file) => ({ ...file, owner: (column === "feed_run_id" ? file.feed_run_id : file.dump_id) ?? "" })),
    (file) => file.owner,
  );
}

/** Each feed's last runs (newest first), by feed id. */
export async function feedRunHistory(feedIds: readonly string[], limit = shownRuns): Promise<Map<string, RunEntry[]>> {
  const runs = await inChunks(feedIds, (chunk) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("feed_runs")
          .selectAll()
          .select(sql<number>`row_number() over (partition by feed_id order by started_at desc, id desc)`.as("position"))
          .where("feed_id", "in", chunk)
          .as("ranked"),
      )
      .selectAll()
      .where("position", "<=", limit)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .execute(),
  );
  const ids = runs.map((run) => run.id);
  const [files, deliveries] = await Promise.all([filesOf("feed_run_id", ids), deliveriesOf("feed_run_id", ids)]);
  const history = new Map<string, RunEntry[]>();
  for (const run of runs) {
    const file = files.get(run.id)?.[0];
    const sent = [...(file ? [downloadEntry(file)] : []), ...(deliveries.get(run.id) ?? [])];
    const list = history.get(run.feed_id) ?? [];
    list.push({
      id: run.id,
      status: run.status,
      state: overallState(sent.map((delivery) => delivery.state)),
      startedAt: run.started_at,
      finishedAt: run.finished_at,
      since: run.since,
      items: run.items,
      newCount: run.new_count,
      changedCount: run.changed_count,
      error: run.error,
      fileId: file && !file.purged_at ? file.id : null,
      file: file ? runFile(file) : null,
      deliveries: sent,
    });
    history.set(run.feed_id, list);
  }
  return history;
}

/** Each dump's deliveries (its files' downloads first), by dump id. */
export async function dumpDeliveries(dumpIds: readonly string[]): Promise<Map<string, DeliveryEntry[]>> {
  const [files, deliveries] = await Promise.all([filesOf("dump_id", dumpIds), deliveriesOf("dump_id", dumpIds)]);
  return new Map(dumpIds.map((id) => [id, [...(files.get(id) ?? []).map(downloadEntry), ...(deliveries.get(id) ?? [])]]));
}
