import { z } from "zod";
import type { IncidentTable } from "~/modules/db/schema";
import { readLogSearch } from "~/modules/forms/log-search";

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A calendar day as YYYY-MM-DD that exists (not 2026-02-30). */
function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return datePattern.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const dateSchema = z.string().trim().refine(isDay, "validation.date");

/** ?from=&to=: days as YYYY-MM-DD (UTC), both included, the end not before the start. */
const days = {
  from: z.preprocess(blankToUndefined, dateSchema.optional()),
  to: z.preprocess(blankToUndefined, dateSchema.optional()),
};
const daysInOrder = (filter: { from?: string; to?: string }) => !filter.from || !filter.to || filter.from <= filter.to;
const daysOutOfOrder = { path: ["to"], message: "validation.range" };

/** The days filter alone, read as the incidents screen reads it (the snowflake incidents). */
export const daysFilterSchema = z.object(days).refine(daysInOrder, daysOutOfOrder);

/** The filters of the recent incidents, from the page's GET form and the JSON API's query alike. */
export const incidentFilterSchema = z
  .object({
    path: z.preprocess(blankToUndefined, z.string().trim().max(2000, "validation.tooLong|max=2000").optional()),
    username: z.preprocess(blankToUndefined, z.string().trim().max(254, "validation.tooLong|max=254").optional()),
    ...days,
  })
  .refine(daysInOrder, daysOutOfOrder);

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

/** Reads the page's and the API's query: ?id= looks one incident up (a blank one is invalid), the rest filters the list. */
export function readIncidentSearch(search: URLSearchParams) {
  return readLogSearch(search, { path: "", username: "", from: "", to: "" }, incidentFilterSchema);
}
