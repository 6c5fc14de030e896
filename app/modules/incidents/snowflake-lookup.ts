import { z } from "zod";
import type { PipelineIncidentTable } from "~/modules/db/schema";
import type { Severity } from "~/modules/jobs/pipeline-incidents.server";
import { readLogSearch } from "~/modules/forms/log-search";
import { daysFilterSchema } from "./incident-lookup";

/** What recordPipelineIncident writes, the gravest first. */
const severities = ["critical", "error", "warning", "info"] as const satisfies readonly Severity[];

/** The severity filter's options: "all" is no filter. */
export const severityFilters = ["all", ...severities] as const;

/** ?severity=: one of severities, or none for "all" or blank. */
export const severitySchema = z.preprocess(
  (value) => {
    const text = String(value ?? "").trim();
    return text === "" || text === "all" ? undefined : text;
  },
  z.enum(severities, { errorMap: () => ({ message: "validation.invalidOption" }) }).optional(),
);

/** The filters of the snowflake incidents: both parts are read, so a bad severity and bad days are told at once. */
const snowflakeFilterSchema = z.object({ severity: severitySchema }).and(daysFilterSchema);

export type SnowflakeFilter = z.infer<typeof snowflakeFilterSchema>;

/**
 * Reads the page's and the API's query: ?id= is one incident (a blank one is invalid), ?severity=&from=&to= filter
 * the list; the days are read as the incidents screen reads them.
 */
export function readSnowflakeSearch(search: URLSearchParams) {
  return readLogSearch(search, { severity: "all", from: "", to: "" }, snowflakeFilterSchema);
}

/** The admin page of one snowflake incident. */
export function snowflakeIncidentPath(id: string): string {
  return `/dashboard/admin/snowflake-incidents?id=${encodeURIComponent(id)}`;
}

/** The additional data as stored (JSON), or the stored text itself when a row holds something else. */
export function readAdditionalData(stored: string): unknown {
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return stored;
  }
}

/** The additional data to read: JSON indented, plain text as it is. */
export function formatAdditionalData(data: unknown): string {
  return typeof data === "string" ? data : (JSON.stringify(data, null, 2) ?? "");
}

/** A snowflake incident in the list: without its stack trace and additional data. */
export function summarizeSnowflakeIncident(row: Pick<PipelineIncidentTable, "id" | "created_at" | "severity" | "message">) {
  return { id: row.id, created: row.created_at, severity: row.severity, message: row.message };
}

/** A snowflake incident as the page and the API show it (SPEC.md section 3: id, created, severity, message, stacktrace, additional data). */
export function showSnowflakeIncident(
  row: Pick<PipelineIncidentTable, "id" | "created_at" | "severity" | "message" | "stacktrace" | "additional_data">,
) {
  return { ...summarizeSnowflakeIncident(row), stacktrace: row.stacktrace, data: readAdditionalData(row.additional_data) };
}

export type SnowflakeIncidentSummary = ReturnType<typeof summarizeSnowflakeIncident>;
/** What a pipeline incident is about (issue 27): its owner, and its feed run, feed or dump with their product. */
export interface IncidentLinks {
  owner: { id: string; username: string } | null;
  feed: { id: string; product: string } | null;
  dump: { id: string; product: string } | null;
  feedRunId: string | null;
}

export type ShownSnowflakeIncident = ReturnType<typeof showSnowflakeIncident> & { subject?: IncidentLinks };
