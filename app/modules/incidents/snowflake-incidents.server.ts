import { db } from "~/modules/db/db.server";
import { createdWithin, newestFirst } from "~/modules/db/log-rows";
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
  const rows = await newestFirst(createdWithin(query, { from, to }), limit).execute();
  return rows.map(summarizeSnowflakeIncident);
}
