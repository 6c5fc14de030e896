import { sql, type SelectQueryBuilder } from "kysely";
import { maxListRows } from "~/modules/forms/list-limit";
import { endOf, startOf } from "./moments";
import type { Database } from "./schema";

/** The tables the admin log screens list (incidents, snowflake incidents, the outbox): rows with an id and a creation time. */
type LogTable = "incidents" | "pipeline_incidents" | "outbox";

/** The rows created on the days asked for (YYYY-MM-DD, UTC, both included). */
export function createdWithin<TB extends LogTable, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  { from, to }: { from?: string; to?: string },
): SelectQueryBuilder<Database, TB, O> {
  let within = query;
  if (from) within = within.where(sql.ref("created_at"), ">=", startOf(from));
  if (to) within = within.where(sql.ref("created_at"), "<=", endOf(to));
  return within;
}

/** The newest rows first (the greater id first within one moment), at most `limit` of them and never more than maxListRows. */
export function newestFirst<TB extends LogTable, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  limit: number,
): SelectQueryBuilder<Database, TB, O> {
  return query
    .orderBy(sql.ref("created_at"), "desc")
    .orderBy(sql.ref("id"), "desc")
    .limit(Math.min(Math.max(Math.trunc(limit), 1), maxListRows));
}
