import { z } from "zod";
import { encodeMessage } from "~/modules/forms/messages";
import { REQUEST_ID_PATTERN, usageDay } from "./call-record";

/** The longest range one question may span: the call log keeps at most 400 days (USAGE_LOG_DAYS). */
const MAX_RANGE_DAYS = 400;
const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "usage.invalidDay")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && usageDay(new Date(`${value}T00:00:00Z`)) === value,
    "usage.invalidDay",
  );

/** A status class of the charts, or one exact status code. */
const statusFilter = z
  .string()
  .trim()
  .regex(/^(2xx|4xx|429|5xx|[1-5]\d\d)$/, "usage.invalidStatus");

const usageFields = {
  from: day.optional(),
  to: day.optional(),
  status: statusFilter.optional(),
  operation: z.string().trim().max(200, "usage.invalidOperation").optional(),
  requestId: z.string().trim().regex(REQUEST_ID_PATTERN, "usage.invalidRequestId").optional(),
  limit: z.coerce
    .number({ invalid_type_error: "usage.invalidLimit" })
    .int("usage.invalidLimit")
    .min(1, "usage.invalidLimit")
    .max(500, "usage.invalidLimit")
    .default(100),
};

/** A range that ends before it starts, or spans more than the log can hold, is refused on its end date. */
function checkedRange<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .refine((query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to, {
      message: "usage.rangeOrder",
      path: ["to"],
    })
    .refine(
      (query: { from?: string; to?: string }) =>
        !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= MAX_RANGE_DAYS * DAY_MS,
      { message: encodeMessage("usage.rangeTooLong", { max: MAX_RANGE_DAYS }), path: ["to"] },
    );
}

/**
 * The usage questions of the page and of GET /api/usage alike: a day range (the last 30 days unless given), a
 * status, an operation, a request id and how many calls to list. Blank values read as absent.
 */
export const usageQuerySchema = checkedRange(usageFields);

/** An account of the call log: a user's, a trial key's, or the calls refused before anyone was known. */
const ACCOUNT_PATTERN = /^(?:(?:account|trial):[A-Za-z0-9_-]{1,64}|anonymous)$/;

/** The admins' questions (their page and GET /api/admin/usage): the same, and one set or one account. */
export const adminUsageQuerySchema = checkedRange({
  ...usageFields,
  set: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "usage.invalidSet")
    .optional(),
  account: z.string().trim().regex(ACCOUNT_PATTERN, "usage.invalidAccount").optional(),
});

export type AdminUsageQuery = z.infer<typeof adminUsageQuerySchema>;
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** The query's fields from a URL's search, blank ones left out so they take their defaults. */
export function usageSearchFields(search: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["from", "to", "status", "operation", "requestId", "limit", "set", "account"]) {
    const value = search.get(name)?.trim();
    if (value) fields[name] = value;
  }
  return fields;
}

/** The days a query covers: its own, or the 30 days up to today. */
export function usageRange(query: Pick<UsageQuery, "from" | "to">, now: Date): { from: string; to: string } {
  const to = query.to ?? usageDay(now);
  const from = query.from ?? usageDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return { from, to };
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    days.push(usageDay(new Date(time)));
  }
  return days;
}
