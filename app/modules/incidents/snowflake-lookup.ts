import { z } from "zod";
import type { PipelineIncidentTable } from "~/modules/db/schema";
import type { Severity } from "~/modules/jobs/pipeline-incidents.server";
import { incidentFilterSchema, incidentIdSchema } from "./incident-lookup";

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

export interface SnowflakeFilter {
  severity?: Severity;
  /** Days as YYYY-MM-DD (UTC), both included. */
  from?: string;
  to?: string;
}

export interface SnowflakeSearch {
  /** What the filter form shows again. */
  values: { id: string; severity: string; from: string; to: string };
  /** The valid id asked for (?id=), or null when none was asked for or it is invalid. */
  id: string | null;
  idError: "admin.incidents.invalidId" | null;
  /** The valid filters, or null with the errors by field. */
  filter: SnowflakeFilter | null;
  filterErrors: Record<string, string>;
}

/**
 * Reads the page's and the API's query: ?id= is one incident (a blank one is invalid), ?severity=&from=&to= filter
 * the list; the days are read as the incidents screen reads them.
 */
export function readSnowflakeSearch(search: URLSearchParams): SnowflakeSearch {
  const value = (name: string) => search.get(name) ?? "";
  const values = { id: value("id").trim(), severity: value("severity") || "all", from: value("from"), to: value("to") };
  const id = search.has("id") ? incidentIdSchema.safeParse(values.id) : null;
  const severity = severitySchema.safeParse(values.severity);
  const days = incidentFilterSchema.safeParse({ from: values.from, to: values.to });
  const filterErrors: Record<string, string> = {};
  for (const issue of [...(severity.error?.issues ?? []), ...(days.error?.issues ?? [])]) {
    filterErrors[issue.path.join(".") || "severity"] ??= issue.message;
  }
  return {
    values,
    id: id?.success ? id.data : null,
    idError: id && !id.success ? "admin.incidents.invalidId" : null,
    filter: severity.success && days.success ? { severity: severity.data, from: days.data.from, to: days.data.to } : null,
    filterErrors,
  };
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
export function showSnowflakeIncident(row: PipelineIncidentTable) {
  return { ...summarizeSnowflakeIncident(row), stacktrace: row.stacktrace, data: readAdditionalData(row.additional_data) };
}

export type SnowflakeIncidentSummary = ReturnType<typeof summarizeSnowflakeIncident>;
export type ShownSnowflakeIncident = ReturnType<typeof showSnowflakeIncident>;
