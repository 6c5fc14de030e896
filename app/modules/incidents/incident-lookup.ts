import { z } from "zod";
import type { IncidentTable } from "~/modules/db/schema";

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** An incident id is a UUID (newId); anything else is 'Invalid ID' (SPEC.md section 8). */
export const incidentIdSchema = z.string().trim().uuid("admin.incidents.invalidId");

/** A calendar day as YYYY-MM-DD that exists (not 2026-02-30). */
function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return datePattern.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const dateSchema = z.string().trim().refine(isDay, "validation.date");

/** The filters of the recent incidents, from the page's GET form and the JSON API's query alike. */
export const incidentFilterSchema = z
  .object({
    path: z.preprocess(blankToUndefined, z.string().trim().max(2000, "validation.tooLong|max=2000").optional()),
    username: z.preprocess(blankToUndefined, z.string().trim().max(254, "validation.tooLong|max=254").optional()),
    from: z.preprocess(blankToUndefined, dateSchema.optional()),
    to: z.preprocess(blankToUndefined, dateSchema.optional()),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { path: ["to"], message: "validation.range" });

export type IncidentFilter = z.infer<typeof incidentFilterSchema>;

/** An incident as the page and the API show it (SPEC.md section 3: id, created, path, message, query, username, stacktrace). */
export function showIncident(row: IncidentTable) {
  return {
    id: row.id,
    created: row.created_at,
    path: row.path,
    message: row.message,
    query: row.query,
    username: row.username,
    stacktrace: row.stacktrace,
  };
}

export type ShownIncident = ReturnType<typeof showIncident>;
export type IncidentSummary = Omit<ShownIncident, "stacktrace">;

export interface IncidentSearch {
  /** What the lookup and filter forms show again. */
  values: { id: string; path: string; username: string; from: string; to: string };
  /** The valid id asked for (?id=), or null when none was asked for or it is invalid. */
  id: string | null;
  idError: "admin.incidents.invalidId" | null;
  /** The valid filters, or null with the errors by field. */
  filter: IncidentFilter | null;
  filterErrors: Record<string, string>;
}

/** Reads the page's and the API's query: ?id= looks one incident up (a blank one is invalid), the rest filters the list. */
export function readIncidentSearch(search: URLSearchParams): IncidentSearch {
  const value = (name: string) => search.get(name) ?? "";
  const values = { id: value("id").trim(), path: value("path"), username: value("username"), from: value("from"), to: value("to") };
  const id = search.has("id") ? incidentIdSchema.safeParse(values.id) : null;
  const filter = incidentFilterSchema.safeParse({ path: values.path, username: values.username, from: values.from, to: values.to });
  const filterErrors: Record<string, string> = {};
  for (const issue of filter.error?.issues ?? []) filterErrors[issue.path.join(".") || "_"] ??= issue.message;
  return {
    values,
    id: id?.success ? id.data : null,
    idError: id && !id.success ? "admin.incidents.invalidId" : null,
    filter: filter.success ? filter.data : null,
    filterErrors,
  };
}
