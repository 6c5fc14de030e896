import { sql, type Kysely, type Migration } from "kysely";

const PAGE_ROWS = 500;

/** A stored point (catalog/generator.ts StoredPoint): date, value, then the revision and publication of a revised one. */
type StoredPoint = [string, number, ...unknown[]];

/** The latest value of each date as `[{date, value}]` JSON: the text a file of points as published carries. */
function latestValuesJson(points: string): string {
  const stored = JSON.parse(points) as StoredPoint[];
  const latest = stored.filter((point, index) => stored[index + 1]?.[0] !== point[0]);
  return JSON.stringify(latest.map(([date, value]) => ({ date, value })));
}

/**
 * Each series' latest value of each date, kept as the JSON a dump of points as published writes, beside the history
 * it comes from (issue 27): a dump copies it instead of finding it in the history, twenty thousand series at a
 * time. The catalog writes both together from now on; rows stored before are filled here, from their history.
 */
export function latestValuesJsonColumn(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("catalog_series_points")
        .addColumn("latest_json", "text", (column) => column.notNull().defaultTo("[]"))
        .execute();
      await fillLatestValuesJson(db);
    },
  };
}

/** Writes every series' latest_json from its stored points; running it again changes nothing. */
export async function fillLatestValuesJson<DB>(db: Kysely<DB>): Promise<void> {
  let after = "";
  for (;;) {
    const { rows } = await sql<{ series_id: string; points: string }>`select series_id, points from catalog_series_points
      where series_id > ${after} order by series_id limit ${PAGE_ROWS}`.execute(db);
    // A page a transaction: SQLite runs migrations outside one, where each row would be a commit of its own.
    const fill = async (trx: Kysely<DB>) => {
      for (const row of rows) {
        await sql`update catalog_series_points set latest_json = ${latestValuesJson(row.points)}
          where series_id = ${row.series_id}`.execute(trx);
      }
    };
    await (db.isTransaction ? fill(db) : db.transaction().execute(fill));
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = last.series_id;
  }
}
