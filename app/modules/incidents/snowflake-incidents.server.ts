import { db } from "~/modules/db/db.server";
import { createdWithin, newestFirst } from "~/modules/db/log-rows";
import {
  showSnowflakeIncident,
  summarizeSnowflakeIncident,
  type IncidentLinks,
  type ShownSnowflakeIncident,
  type SnowflakeFilter,
  type SnowflakeIncidentSummary,
} from "./snowflake-lookup";

async function findSnowflakeIncident(id: string) {
  return db.selectFrom("pipeline_incidents").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The incident's owner, feed and dump as they are now (a deleted owner or item is no link); null for an incident about none. */
async function incidentLinks(incident: {
  owner_id: string | null;
  feed_id: string | null;
  dump_id: string | null;
  feed_run_id: string | null;
}): Promise<IncidentLinks | null> {
  if (!incident.owner_id && !incident.feed_id && !incident.dump_id && !incident.feed_run_id) return null;
  const [owner, feed, dump] = await Promise.all([
    incident.owner_id
      ? db.selectFrom("users").select(["id", "username"]).where("id", "=", incident.owner_id).executeTakeFirst()
      : undefined,
    incident.feed_id ? db.selectFrom("feeds").select(["id", "product"]).where("id", "=", incident.feed_id).executeTakeFirst() : undefined,
    incident.dump_id ? db.selectFrom("dumps").select(["id", "product"]).where("id", "=", incident.dump_id).executeTakeFirst() : undefined,
  ]);
  return { owner: owner ?? null, feed: feed ?? null, dump: dump ?? null, feedRunId: incident.feed_run_id };
}

/**
 * A snowflake incident as the admin screens show it: SPEC.md's fields, and for an incident about a run, feed or dump
 * (issue 27) what it is about; undefined when none has the id.
 */
export async function shownSnowflakeIncident(id: string): Promise<ShownSnowflakeIncident | undefined> {
  const row = await findSnowflakeIncident(id);
  if (!row) return undefined;
  const subject = await incidentLinks(row);
  return subject ? { ...showSnowflakeIncident(row), subject } : showSnowflakeIncident(row);
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
