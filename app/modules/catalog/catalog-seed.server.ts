import { sql, type Kysely } from "kysely";
import type { DatabaseHandle, DialectName } from "~/modules/db/database.server";
import type { Database } from "~/modules/db/schema";
import type { AdvanceResult } from "./catalog";
import { idIn } from "./catalog-conditions";
import { companyRow, documentRow, parsePoints, seriesRow, toFrequency } from "./catalog-rows";
import {
  GENERATOR_VERSION,
  companyId,
  generateCompany,
  generateDocument,
  generateSeries,
  maxSeries,
  nextValue,
  seriesId,
  withDocumentContent,
  type GeneratedCompany,
  type GeneratedDocument,
  type GeneratedSeries,
  type StoredPoint,
} from "./generator";
import { nextPeriodDate } from "./periods";
import { latestValuesJson, selectPoints } from "./points";
import { createRandom, type Random } from "./random";

// The catalog's writes: the seed of generated items and the advance that moves them on.

export interface CatalogSizes {
  series: number;
  companies: number;
  documents: number;
}

type Db = Kysely<Database>;

const STATE_ID = 1;
/** Rows per INSERT: well under the bound-parameter limits of SQLite and PostgreSQL. */
const BATCH = 400;
/** Serialises seeding and advancing across processes sharing one PostgreSQL database. */
const POSTGRES_LOCK = 7_310_403;

function signatureOf(sizes: CatalogSizes): string {
  return `v${GENERATOR_VERSION}:${sizes.series}:${sizes.companies}:${sizes.documents}`;
}

async function lock(dialect: DialectName, trx: Db): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${POSTGRES_LOCK})`.execute(trx);
}

async function seededSignature(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("catalog_state").select("signature").where("id", "=", STATE_ID).executeTakeFirst();
  return row?.signature;
}

/**
 * Generates the catalog into the database unless it already holds one of the same sizes and generator
 * version; a catalog of other sizes is replaced (with whatever `advance` had added to it).
 */
export async function seedCatalog({ db, dialect }: DatabaseHandle, sizes: CatalogSizes, now: Date): Promise<void> {
  const { series, companies, documents } = sizes;
  const signature = signatureOf(sizes);
  if (series > maxSeries()) throw new Error(`CATALOG_SERIES can be at most ${maxSeries()}.`);
  if ((await seededSignature(db)) === signature) return;
  await db.transaction().execute(async (trx) => {
    await lock(dialect, trx);
    if ((await seededSignature(trx)) === signature) return;
    for (const table of [
      "catalog_series_points",
      "catalog_series",
      "catalog_statements",
      "catalog_companies",
      "catalog_documents",
      "catalog_state",
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    for (let i = 0; i < series; i += BATCH) await insertSeries(trx, range(i, Math.min(series, i + BATCH)).map(generateSeries));
    for (let i = 0; i < companies; i += BATCH) await insertCompanies(trx, range(i, Math.min(companies, i + BATCH)).map(generateCompany));
    for (let i = 0; i < documents; i += BATCH) await insertDocuments(trx, range(i, Math.min(documents, i + BATCH)).map(generateDocument));
    await trx
      .insertInto("catalog_state")
      .values({
        id: STATE_ID,
        signature,
        series_count: series,
        company_count: companies,
        document_count: documents,
        seeded_at: now.toISOString(),
        advanced_at: null,
      })
      .execute();
  });
}

/**
 * Appends the next point to about 1% of the series, revises the latest point of about 0.2% (the old
 * value stays as a vintage), adds new series, companies and documents and updates a few companies. Which
 * items move depends only on how often the catalog advanced before, so every database moves alike.
 */
export async function advanceCatalog({ db, dialect }: DatabaseHandle, now: Date): Promise<AdvanceResult> {
  const moment = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lock(dialect, trx);
    const state = await trx.selectFrom("catalog_state").selectAll().where("id", "=", STATE_ID).executeTakeFirst();
    if (!state) throw new Error("The catalog has not been seeded.");
    const handle = { db: trx, dialect };
    const random = createRandom("catalog-advance", state.signature, state.advance_count);
    const seriesTotal = state.series_count;
    const appendCount = portion(seriesTotal, 0.01, 500);
    const chosen = distinctIndices(random, seriesTotal, appendCount + portion(seriesTotal, 0.002, 100));
    const appendedSeries = await appendPoints(handle, random, chosen.slice(0, appendCount), moment);
    const revisedSeries = await revisePoints(handle, random, chosen.slice(appendCount), moment);

    const newSeriesCount = Math.min(portion(seriesTotal, 0.0005, 50), maxSeries() - seriesTotal);
    const newSeries = range(seriesTotal, seriesTotal + newSeriesCount).map((index) => asNewSeries(generateSeries(index), moment));
    await insertSeries(trx, newSeries);

    const updatedCompanies = await updateCompanies(
      handle,
      random,
      distinctIndices(random, state.company_count, portion(state.company_count, 0.002, 100)),
      moment,
    );
    const companyTotal = state.company_count + portion(state.company_count, 0.0005, 20);
    const newCompanies = range(state.company_count, companyTotal).map((index) => asNewCompany(generateCompany(index), moment));
    await insertCompanies(trx, newCompanies);

    const documentTotal = state.document_count + portion(state.document_count, 0.002, 50);
    const newDocuments = range(state.document_count, documentTotal).map((index) => asNewDocument(generateDocument(index), moment));
    await insertDocuments(trx, newDocuments);

    await trx
      .updateTable("catalog_state")
      .set({
        series_count: seriesTotal + newSeriesCount,
        company_count: companyTotal,
        document_count: documentTotal,
        advance_count: state.advance_count + 1,
        advanced_at: moment,
      })
      .where("id", "=", STATE_ID)
      .execute();
    return {
      appendedSeries,
      revisedSeries,
      newSeries: newSeries.map((item) => item.record.id),
      updatedCompanies,
      newCompanies: newCompanies.map((item) => item.company.id),
      newDocuments: newDocuments.map((item) => item.document.id),
    };
  });
}

async function insertSeries(db: Db, items: readonly GeneratedSeries[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await db.insertInto("catalog_series").values(batch.map(seriesRow)).execute();
    await db
      .insertInto("catalog_series_points")
      .values(
        batch.map(({ record, points }) => ({
          series_id: record.id,
          points: JSON.stringify(points),
          latest_json: latestValuesJson(points),
        })),
      )
      .execute();
  }
}

async function insertCompanies(db: Db, items: readonly GeneratedCompany[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    await db.insertInto("catalog_companies").values(batch.map(companyRow)).execute();
    await db
      .insertInto("catalog_statements")
      .values(batch.map(({ company, statements }) => ({ company_id: company.id, statements: JSON.stringify(statements) })))
      .execute();
  }
}

async function insertDocuments(db: Db, items: readonly GeneratedDocument[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    await db
      .insertInto("catalog_documents")
      .values(items.slice(i, i + BATCH).map(documentRow))
      .execute();
  }
}

async function storedSeries({ db, dialect }: DatabaseHandle, indices: readonly number[]) {
  if (indices.length === 0) return [];
  const ids = indices.map(seriesId).sort(byId);
  return db
    .selectFrom("catalog_series")
    .innerJoin("catalog_series_points", "catalog_series_points.series_id", "catalog_series.id")
    .select(["catalog_series.id", "catalog_series.frequency", "catalog_series.status", "catalog_series_points.points"])
    .where(idIn(dialect, "catalog_series.id", ids))
    .orderBy("catalog_series.id")
    .execute();
}

async function storePoints(db: Db, id: string, points: readonly StoredPoint[]): Promise<void> {
  await db
    .updateTable("catalog_series_points")
    .set({ points: JSON.stringify(points), latest_json: latestValuesJson(points) })
    .where("series_id", "=", id)
    .execute();
}

async function appendPoints(handle: DatabaseHandle, random: Random, indices: readonly number[], moment: string): Promise<string[]> {
  const appended: string[] = [];
  for (const row of await storedSeries(handle, indices)) {
    if (row.status === "discontinued") continue;
    const points = parsePoints(row.points);
    const last = points.at(-1);
    if (!last) continue;
    const [lastDate, lastValue] = last;
    const date = nextPeriodDate(toFrequency(row.frequency), lastDate);
    points.push([date, nextValue(random, lastValue, 0.01), 0, moment]);
    await storePoints(handle.db, row.id, points);
    await handle.db.updateTable("catalog_series").set({ end_date: date, last_update: moment }).where("id", "=", row.id).execute();
    appended.push(row.id);
  }
  return appended;
}

async function revisePoints(handle: DatabaseHandle, random: Random, indices: readonly number[], moment: string): Promise<string[]> {
  const revised: string[] = [];
  for (const row of await storedSeries(handle, indices)) {
    const points = parsePoints(row.points);
    const latest = points.at(-1);
    if (!latest) continue;
    points.push([latest[0], nextValue(random, latest[1], 0.005), (latest[2] ?? 0) + 1, moment]);
    await storePoints(handle.db, row.id, points);
    await handle.db.updateTable("catalog_series").set({ last_update: moment }).where("id", "=", row.id).execute();
    revised.push(row.id);
  }
  return revised;
}

async function updateCompanies(
  { db, dialect }: DatabaseHandle,
  random: Random,
  indices: readonly number[],
  moment: string,
): Promise<string[]> {
  if (indices.length === 0) return [];
  const ids = indices.map(companyId).sort(byId);
  const rows = await db
    .selectFrom("catalog_companies")
    .select(["id", "employees"])
    .where(idIn(dialect, "catalog_companies.id", ids))
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const employees = Math.max(1, Math.round(row.employees * (1 + 0.05 * (random() * 2 - 1))));
    await db.updateTable("catalog_companies").set({ employees, updated_at: moment }).where("id", "=", row.id).execute();
  }
  return rows.map((row) => row.id);
}

function asNewSeries(item: GeneratedSeries, moment: string): GeneratedSeries {
  const frequency = item.record.frequency;
  const latest = selectPoints(frequency, item.points);
  return {
    ...item,
    record: { ...item.record, createdAt: moment, lastUpdate: moment },
    points: latest.map((point): StoredPoint => [point.date, point.value, 0, moment]),
  };
}

function asNewCompany(item: GeneratedCompany, moment: string): GeneratedCompany {
  return { ...item, company: { ...item.company, createdAt: moment, updatedAt: moment } };
}

function asNewDocument(item: GeneratedDocument, moment: string): GeneratedDocument {
  return { ...item, document: withDocumentContent({ ...item.document, publishedAt: moment, updatedAt: moment }) };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** `count` distinct numbers below `total`, in the order drawn. */
function distinctIndices(random: Random, total: number, count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, total)) chosen.add(Math.floor(random() * total));
  return [...chosen];
}

/** A share of a total, at least one while there is anything, at most `max`. */
function portion(total: number, share: number, max: number): number {
  return total === 0 ? 0 : Math.min(max, Math.max(1, Math.round(total * share)));
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
