import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { redactSecrets } from "~/modules/secrets/redact";

export type Severity = "info" | "warning" | "error" | "critical";

export interface PipelineIncidentInput {
  severity: Severity;
  message: string;
  stacktrace: string;
  data: Record<string, unknown>;
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
    })
    .execute();
  return id;
}
