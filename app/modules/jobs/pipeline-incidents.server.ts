import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { redactSecrets } from "~/modules/secrets/redact";

export type Severity = "info" | "warning" | "error" | "critical";

/** What an incident is about, so the admin screen links its owner and its feed run, feed or dump. */
export interface IncidentSubject {
  ownerId: string | null;
  feedId: string | null;
  dumpId: string | null;
  feedRunId: string | null;
}

export interface PipelineIncidentInput {
  severity: Severity;
  message: string;
  stacktrace: string;
  data: Record<string, unknown>;
  subject?: IncidentSubject | null;
}

/** A failure of the data pipeline (a job, a delivery, a notification), for the admin's incident pages; addresses lose their credentials. */
export async function recordPipelineIncident(incident: PipelineIncidentInput): Promise<string> {
  const id = newId();
  await db
    .insertInto("pipeline_incidents")
    .values({
      id,
      created_at: nowIso(),
      severity: incident.severity,
      message: redactSecrets(incident.message).slice(0, 2000),
      stacktrace: redactSecrets(incident.stacktrace).slice(0, 20_000),
      additional_data: redactSecrets(JSON.stringify(incident.data)),
      owner_id: incident.subject?.ownerId ?? null,
      feed_id: incident.subject?.feedId ?? null,
      dump_id: incident.subject?.dumpId ?? null,
      feed_run_id: incident.subject?.feedRunId ?? null,
    })
    .execute();
  return id;
}
