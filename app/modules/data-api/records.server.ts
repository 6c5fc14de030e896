import { randomInt } from "node:crypto";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { DocSetId } from "~/modules/registry/registry";

/**
 * What callers create through the data APIs (filters, dumps, feeds, cursors, reports, file accesses), one
 * row each in data_api_records with a JSON body. The specs number these objects, so ids are decimal numbers
 * drawn at random within int32 (the smallest id type the specs use for them).
 */

export type RecordKind = "filter" | "dump" | "feed" | "cursor" | "report" | "access";

export interface StoredRecord<T> {
  id: number;
  ref: string | null;
  body: T;
  createdAt: string;
  updatedAt: string;
}

const MIN_ID = 100_000;
const MAX_ID = 2 ** 31 - 1;

function toRecord<T>(row: { id: string; ref: string | null; body: string; created_at: string; updated_at: string }): StoredRecord<T> {
  return { id: Number(row.id), ref: row.ref, body: JSON.parse(row.body) as T, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function createRecord<T>(
  scope: { set: DocSetId; kind: RecordKind; ownerId: string },
  body: T,
  options: { ref?: string; now?: Date } = {},
): Promise<StoredRecord<T>> {
  const now = nowIso(options.now);
  for (let attempt = 0; ; attempt++) {
    const id = String(randomInt(MIN_ID, MAX_ID));
    const taken = await db.selectFrom("data_api_records").select("id").where("id", "=", id).executeTakeFirst();
    if (taken && attempt < 5) continue;
    await db
      .insertInto("data_api_records")
      .values({
        id,
        set_id: scope.set,
        kind: scope.kind,
        owner_id: scope.ownerId,
        ref: options.ref ?? null,
        body: JSON.stringify(body),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id: Number(id), ref: options.ref ?? null, body, createdAt: now, updatedAt: now };
  }
}

function owned(scope: { set: DocSetId; kind: RecordKind; ownerId: string }) {
  return db
    .selectFrom("data_api_records")
    .select(["id", "ref", "body", "created_at", "updated_at"])
    .where("set_id", "=", scope.set)
    .where("kind", "=", scope.kind)
    .where("owner_id", "=", scope.ownerId);
}

/** The owner's record of this kind with this id, or null (another owner's record is not found either). */
export async function findRecord<T>(
  scope: { set: DocSetId; kind: RecordKind; ownerId: string },
  id: number,
): Promise<StoredRecord<T> | null> {
  if (!Number.isSafeInteger(id) || id < MIN_ID || id > MAX_ID) return null;
  const row = await owned(scope).where("id", "=", String(id)).executeTakeFirst();
  return row ? toRecord<T>(row) : null;
}

export async function findRecordByRef<T>(
  scope: { set: DocSetId; kind: RecordKind; ownerId: string },
  ref: string,
): Promise<StoredRecord<T> | null> {
  const row = await owned(scope).where("ref", "=", ref).executeTakeFirst();
  return row ? toRecord<T>(row) : null;
}

/** The owner's records of this kind, newest first, optionally only those with this ref. */
export async function listRecords<T>(
  scope: { set: DocSetId; kind: RecordKind; ownerId: string },
  options: { ref?: readonly string[]; limit: number },
): Promise<StoredRecord<T>[]> {
  const rows = await owned(scope)
    .$if(options.ref !== undefined, (query) => query.where("ref", "in", options.ref!.length ? [...options.ref!] : [""]))
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => toRecord<T>(row));
}

export async function countRecords(scope: { set: DocSetId; kind: RecordKind; ownerId: string }, since?: string): Promise<number> {
  const row = await db
    .selectFrom("data_api_records")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("set_id", "=", scope.set)
    .where("kind", "=", scope.kind)
    .where("owner_id", "=", scope.ownerId)
    .$if(since !== undefined, (query) => query.where("updated_at", ">", since!))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateRecord<T>(id: number, body: T, options: { ref?: string | null; now?: Date } = {}): Promise<void> {
  await db
    .updateTable("data_api_records")
    .set({ body: JSON.stringify(body), updated_at: nowIso(options.now), ...(options.ref !== undefined ? { ref: options.ref } : {}) })
    .where("id", "=", String(id))
    .execute();
}

export async function deleteRecord(id: number): Promise<void> {
  await db.deleteFrom("data_api_records").where("id", "=", String(id)).execute();
}

/** Drops the records of a kind not touched since `before` (expired cursors). */
export async function deleteStaleRecords(set: DocSetId, kind: RecordKind, before: Date): Promise<void> {
  await db
    .deleteFrom("data_api_records")
    .where("set_id", "=", set)
    .where("kind", "=", kind)
    .where("updated_at", "<", nowIso(before))
    .execute();
}
