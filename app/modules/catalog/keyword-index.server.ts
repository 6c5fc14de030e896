import { setImmediate } from "node:timers/promises";
import type { DatabaseHandle } from "~/modules/db/database.server";
import type { SeriesRecord } from "./catalog";
import { seriesRecordColumns, toSeriesRecord } from "./catalog-rows";
import { KeywordIndex } from "./keyword-index";

// Keeps the series of one database in this process's memory with their keyword index (keyword-index.ts), in step
// with the table: before each search it reads catalog_series_version (migration 0032), which moves with every
// series written, by whatever writer. Until the index describes that version the searches go to SQL (the trigram
// index of migration 0031), while the index is built again in the background, between requests. The records are
// frozen: every search shares them.

export type SeriesIndex = KeywordIndex<SeriesRecord>;

interface Holder {
  version?: string;
  index?: SeriesIndex;
  building?: Promise<void>;
}

const holders = new WeakMap<DatabaseHandle["db"], Holder>();

function holderOf(handle: DatabaseHandle): Holder {
  let holder = holders.get(handle.db);
  if (!holder) holders.set(handle.db, (holder = {}));
  return holder;
}

async function seriesVersion({ db }: DatabaseHandle): Promise<string | undefined> {
  const row = await db.selectFrom("catalog_series_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row === undefined ? undefined : String(row.version);
}

async function build(handle: DatabaseHandle, holder: Holder, version: string): Promise<void> {
  const rows = await handle.db
    .selectFrom("catalog_series")
    .select([...seriesRecordColumns, "search_text"])
    .execute();
  const entries = rows.map((row) => ({ id: row.id, text: row.search_text, item: Object.freeze(toSeriesRecord(row)) }));
  const index = await KeywordIndex.build(entries, () => setImmediate());
  // A writer that came in between leaves the index one version behind: the next search builds it again.
  if ((await seriesVersion(handle)) === version) Object.assign(holder, { version, index });
}

function startBuilding(handle: DatabaseHandle, holder: Holder, version: string): Promise<void> {
  holder.building ??= build(handle, holder, version)
    .catch((error: unknown) =>
      console.error(`The series keyword index could not be built: ${error instanceof Error ? error.message : String(error)}`),
    )
    .finally(() => {
      holder.building = undefined;
    });
  return holder.building;
}

/**
 * The keyword index of the series as the database holds them now, or undefined while it is being built (it then
 * starts building, once per process): the caller searches in SQL meanwhile.
 */
export async function currentKeywordIndex(handle: DatabaseHandle): Promise<SeriesIndex | undefined> {
  const version = await seriesVersion(handle);
  if (version === undefined) return undefined;
  const holder = holderOf(handle);
  if (holder.version === version) return holder.index;
  void startBuilding(handle, holder, version);
  return undefined;
}

/** Builds the index now unless it is current, and waits for it (tests that need it). */
export async function keywordIndexReady(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = await seriesVersion(handle);
    const holder = holderOf(handle);
    if (version === undefined || holder.version === version) return;
    await (holder.building ?? startBuilding(handle, holder, version));
  }
}
