import { sql, type Kysely, type Migration } from "kysely";
import { redactSecrets } from "~/modules/secrets/redact";

const PAGE_ROWS = 500;

type Row = Record<string, string | number | null>;

/** Passes the rows of a table through `change`, a page at a time in id order, and writes back the ones it changed. */
async function rewriteRows<DB>(db: Kysely<DB>, table: string, columns: string[], change: (row: Row) => Row | null): Promise<void> {
  let after = "";
  for (;;) {
    const { rows } =
      await sql<Row>`select ${sql.join([sql.ref("id"), ...columns.map((column) => sql.ref(column))])} from ${sql.table(table)}
      where id > ${after} order by id limit ${PAGE_ROWS}`.execute(db);
    for (const row of rows) {
      const changed = change(row);
      if (!changed) continue;
      const assignments = Object.entries(changed).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
      await sql`update ${sql.table(table)} set ${sql.join(assignments)} where id = ${row.id}`.execute(db);
    }
    if (rows.length < PAGE_ROWS) return;
    after = String(rows.at(-1)!.id);
  }
}

/** The text columns redactSecrets changes, or null when it changes none. */
function redactedColumns(row: Row, columns: string[]): Row | null {
  const changed: Row = {};
  for (const column of columns) {
    const value = row[column];
    if (typeof value === "string" && redactSecrets(value) !== value) changed[column] = redactSecrets(value);
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

/**
 * Rows written before the redaction held API keys, trial keys and link tokens in clear (security review N3, N11).
 * Running it again changes nothing.
 */
export async function redactStoredSecrets<DB>(db: Kysely<DB>): Promise<void> {
  const incidentColumns = ["path", "query", "message", "stacktrace"];
  await rewriteRows(db, "incidents", incidentColumns, (row) => redactedColumns(row, incidentColumns));
  const pipelineColumns = ["message", "stacktrace", "additional_data"];
  await rewriteRows(db, "pipeline_incidents", pipelineColumns, (row) => redactedColumns(row, pipelineColumns));
  // A stored mail is the delivery channel of a portal without SMTP and keeps its link; a sent or failed one needs it no more.
  await rewriteRows(db, "outbox", ["body", "status"], (row) => {
    const body = String(row.body);
    if (redactSecrets(body) === body) return null;
    const changed: Row = { security: 1 };
    if (row.status !== "stored") changed.body = redactSecrets(body);
    return changed;
  });
}

export function redactedSecrets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Security mails (reset and sandbox access links) are marked when queued, so admins see them without the link.
      await db.schema
        .alterTable("outbox")
        .addColumn("security", "integer", (column) => column.notNull().defaultTo(0))
        .execute();
      await redactStoredSecrets(db);
    },
  };
}
