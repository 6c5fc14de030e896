import { z } from "zod";
import { seriesFrequencies, seriesOrders } from "~/modules/catalog/catalog";
import { normaliseRemoteDirectory, parseFtpHost, splitAddresses, webhookMethods } from "~/modules/delivery/targets";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { consolidations, feedFrequencies } from "./model";

/**
 * The macroeconomic feed and dump forms (SPEC.md sections 3 and 5), one schema for the pages, the JSON API
 * and the browser. A form post and a JSON body are first brought to the same shape (`econFormValues`):
 * lists from repeated fields or arrays, checkboxes to booleans, the series id list from text or an array.
 * Messages are i18n keys; the rules that need the catalog or the database (full dump size, five active
 * feeds) are checked by the service (econ-feeds.server.ts).
 */

export const econListFields = ["seriesFrequency", "country", "region", "unit", "indicator", "topic", "section", "table", "source"] as const;
export const econFlagFields = ["nameOnly", "subscribedOnly", "keyOnly", "newOnly", "fullDump", "metadataOnly", "vintages"] as const;

type FormValue = FormDataEntryValue | null;

/** A checkbox posts "on" (or "true" from the API); anything absent is false. */
function flag(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1";
}

/** At most this many ids in one list (SPEC.md: "Please enter at most 10,000 ids."). */
export const maxIds = 10_000;
/** Longer id text cannot hold at most 10,000 ids of at most 64 characters each. */
const maxIdTextLength = maxIds * 66;

export type IdList = { ok: true; ids: string[] } | { ok: false; error: string };

function isIdEntry(entry: unknown): entry is string | number {
  return typeof entry === "string" || typeof entry === "number";
}

/**
 * Series or feed ids as text separated by commas, spaces or new lines, or as a list of strings and
 * numbers, without duplicates. Nested lists and objects are refused, never converted (finding 13: a deep
 * list overflowed the stack and {"toString":1} threw), and the length is checked before any work.
 */
export function parseIdList(value: unknown): IdList {
  let parts: string[];
  if (value === undefined || value === null) parts = [];
  else if (typeof value === "string") {
    if (value.length > maxIdTextLength) return { ok: false, error: "validation.tooManyIds" };
    parts = value.split(/[\s,;]+/);
  } else if (typeof value === "number") parts = [String(value)];
  else if (Array.isArray(value)) {
    if (value.length > maxIds) return { ok: false, error: "validation.tooManyIds" };
    if (!value.every(isIdEntry)) return { ok: false, error: "validation.invalidIds" };
    parts = value.map((entry) => String(entry));
  } else return { ok: false, error: "validation.invalidIds" };
  const ids = [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  return ids.length > maxIds ? { ok: false, error: "validation.tooManyIds" } : { ok: true, ids };
}

/** The form post or JSON body as the plain object the schema reads. */
export function econFormValues(source: FormData | Record<string, unknown>): Record<string, unknown> {
  const get = (name: string): unknown => (source instanceof FormData ? source.get(name) : source[name]);
  const getAll = (name: string): unknown[] => {
    if (source instanceof FormData) return source.getAll(name).filter((value: FormValue) => typeof value === "string" && value !== "");
    const value = source[name];
    return Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value];
  };
  // One pass over the fields: a get() per field name made a post of many fields quadratic.
  const firstValues = new Map<string, unknown>();
  for (const [key, value] of source instanceof FormData ? source : Object.entries(source))
    if (!firstValues.has(key)) firstValues.set(key, value);
  const values: Record<string, unknown> = Object.fromEntries(firstValues);
  for (const name of econListFields) values[name] = getAll(name);
  for (const name of econFlagFields) values[name] = flag(get(name));
  values.seriesIds = get("seriesIds");
  return values;
}

const code = z.string().trim().min(1).max(64);

/** An id list as parseIdList reads it; anything else is a validation error, never an exception. */
export const idListSchema = z
  .unknown()
  .transform((value, context) => {
    const list = parseIdList(value);
    if (list.ok) return list.ids;
    context.addIssue({ code: "custom", message: list.error });
    return z.NEVER;
  })
  .pipe(z.array(code).max(maxIds, "validation.tooManyIds"));
const codeList = z.array(code, { invalid_type_error: "validation.invalidOption" }).max(1000, "validation.tooManyOptions").default([]);

/** "2024-02-29" is a date, "2024-02-30" is not (Date.parse would roll it over to March). */
export function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** http(s) URLs that parse, as the stored notification is read back with the same rule. */
export function isWebhookUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && z.string().url().safeParse(value).success;
}

const optionalDate = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z
    .string({ invalid_type_error: "validation.date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
    .refine(isCalendarDate, "validation.date")
    .optional(),
);

function choice<const Options extends readonly [string, ...string[]]>(options: Options, fallback: Options[number]) {
  return z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? fallback : value),
    z.enum(options, { errorMap: () => ({ message: "validation.invalidOption" }) }),
  );
}

const criteriaShape = {
  seriesIds: idListSchema,
  keyword: optionalText(200),
  nameOnly: z.boolean().default(false),
  seriesFrequency: z.array(z.enum(seriesFrequencies, { errorMap: () => ({ message: "validation.invalidOption" }) })).default([]),
  country: codeList,
  region: codeList,
  unit: codeList,
  indicator: codeList,
  topic: codeList,
  section: codeList,
  table: codeList,
  source: codeList,
  database: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ required_error: "validation.selectDatabase", invalid_type_error: "validation.selectDatabase" })
      .trim()
      .min(1, "validation.selectDatabase")
      .max(64),
  ),
  startDateBefore: optionalDate,
  endDateAfter: optionalDate,
  createdAfter: optionalDate,
  updatedAfter: optionalDate,
  subscribedOnly: z.boolean().default(false),
  keyOnly: z.boolean().default(false),
  order: choice(seriesOrders, "id"),
  direction: choice(["asc", "desc"] as const, "asc"),
};

const outputShape = {
  format: choice(["json", "xml"] as const, "json"),
  language: choice(["en", "zh"] as const, "en"),
  consolidation: choice(consolidations, "none"),
  fullDump: z.boolean().default(false),
  metadataOnly: z.boolean().default(false),
};

const deliveryShape = {
  deliveryMethod: choice(["platform", "ftp"] as const, "platform"),
  ftpUrl: optionalText(255),
  ftpPath: optionalText(255),
  ftpUsername: optionalText(100),
  ftpPassword: optionalText(200),
  notificationEmail: optionalText(1000),
  notificationUrl: optionalText(2000),
  notificationMethod: choice(webhookMethods, "POST"),
};

/** The most notification addresses one feed or dump may name (finding 16). */
export const maxNotificationEmails = 10;

/**
 * Delivery by FTP needs its address, path and login; notification addresses and URL must be valid. Whether
 * the password may stay empty depends on what is stored, so the service checks it (ftp-password.ts).
 */
function checkDelivery(values: z.infer<z.ZodObject<typeof deliveryShape>>, context: z.RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (values.deliveryMethod === "ftp") {
    if (!values.ftpUrl) issue("ftpUrl", "validation.required");
    else if (!parseFtpHost(values.ftpUrl)) issue("ftpUrl", "validation.ftpUrl");
    if (values.ftpPath !== undefined && normaliseRemoteDirectory(values.ftpPath) === null) issue("ftpPath", "validation.ftpPath");
    if (!values.ftpUsername) issue("ftpUsername", "validation.required");
  }
  if (values.notificationEmail) {
    const addresses = splitAddresses(values.notificationEmail);
    if (addresses.length > maxNotificationEmails) issue("notificationEmail", `validation.tooManyEmails|max=${maxNotificationEmails}`);
    else if (addresses.some((address) => !z.string().email().safeParse(address).success)) issue("notificationEmail", "validation.emails");
  }
  if (values.notificationUrl && !isWebhookUrl(values.notificationUrl)) issue("notificationUrl", "validation.url");
}

const intent = z.enum(["preview", "create", "save"]).default("preview");

export const econFeedSchema = z
  .object({
    intent,
    name: requiredText(100),
    description: optionalText(500),
    frequency: choice(feedFrequencies, "daily"),
    status: choice(["active", "inactive"] as const, "active"),
    newOnly: z.boolean().default(false),
    ...criteriaShape,
    ...outputShape,
    ...deliveryShape,
  })
  .superRefine(checkDelivery);
export type EconFeedValues = z.infer<typeof econFeedSchema>;

export const econDumpSchema = z
  .object({
    intent,
    name: requiredText(100),
    description: optionalText(500),
    vintages: z.boolean().default(false),
    ...criteriaShape,
    ...outputShape,
    ...deliveryShape,
  })
  .superRefine(checkDelivery);
export type EconDumpValues = z.infer<typeof econDumpSchema>;

/** Field errors as {field: message key}, the first per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}
