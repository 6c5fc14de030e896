import { db } from "~/modules/db/db.server";
import { endOf, startOf } from "~/modules/db/moments";
import { maxListRows } from "~/modules/forms/list-limit";
import { summarizeSnowflakeIncident, type SnowflakeFilter, type SnowflakeIncidentSummary } from "./snowflake-lookup";

export async function findSnowflakeIncident(id: string) {
  return db.selectFrom("pipeline_incidents").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The recent snowflake (pipeline) incidents that match the filters, newest first, without stack traces and data. */
export async function listSnowflakeIncidents({
  severity,
  from,
  to,
  limit,
}: SnowflakeFilter & { limit: number }): Promise<SnowflakeIncidentSummary[]> {
  let query = db.selectFrom("pipeline_incidents").select(["id", "created_at", "severity", "message"]);
  if (severity) query = query.where("severity", "=", severity);
  if (from) query = query.where("created_at", ">=", startOf(from));
  if (to) query = query.where("created_at", "<=", endOf(to));
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(Math.trunc(limit), 1), maxListRows))
    .execute();
  return rows.map(summarizeSnowflakeIncident);
}
