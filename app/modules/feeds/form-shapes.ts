import { z } from "zod";
import { maxPrivateKeyLength, privateKeyProblem } from "~/modules/delivery/sftp-key";
import {
  deliveryMethods,
  isUploadMethod,
  normaliseRemoteDirectory,
  parseFtpHost,
  splitAddresses,
  webhookMethods,
} from "~/modules/delivery/targets";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { encodeMessage } from "~/modules/forms/messages";
import { feedFrequencies } from "./model";

/**
 * The parts every product's feed and dump forms share (SPEC.md section 3): how a form post or a JSON body is
 * read, id lists, dates and choices, and the general, output, delivery and notification fields with their
 * rules. A product's schema (products/{econ,corp,documents}) adds its own selection criteria to these.
 * Messages are i18n keys.
 */

type FormValue = FormDataEntryValue | null;

/** A checkbox posts "on" (or true from the API); anything absent is false. */
export function flag(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1";
}

export type IdList = { ok: true; ids: string[] } | { ok: false; error: string };

function isIdEntry(entry: unknown): entry is string | number {
  return typeof entry === "string" || typeof entry === "number";
}

/** The message for a list over `max` ids: "Please enter at most 10,000 ids." */
function tooManyIds(max: number): string {
  return encodeMessage("validation.tooManyIds", { max: max.toLocaleString("en-US") });
}

/**
 * Ids as text separated by commas, spaces or new lines, or as a list of strings and numbers, without
 * duplicates and at most `max`. Nested lists and objects are refused, never converted (a deep list overflowed
 * the stack and {"toString":1} threw), and the length is checked before any work.
 */
export function parseIdList(value: unknown, max: number): IdList {
  let parts: string[];
  if (value === undefined || value === null) parts = [];
  else if (typeof value === "string") {
    // Longer text cannot hold `max` ids of at most 64 characters each.
    if (value.length > max * 66) return { ok: false, error: tooManyIds(max) };
    parts = value.split(/[\s,;]+/);
  } else if (typeof value === "number") parts = [String(value)];
  else if (Array.isArray(value)) {
    if (value.length > max) return { ok: false, error: tooManyIds(max) };
    if (!value.every(isIdEntry)) return { ok: false, error: "validation.invalidIds" };
    parts = value.map((entry) => String(entry));
  } else return { ok: false, error: "validation.invalidIds" };
  const ids = [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  return ids.length > max ? { ok: false, error: tooManyIds(max) } : { ok: true, ids };
}

const code = z.string().trim().min(1).max(64);

/** An id list as parseIdList reads it; anything else is a validation error, never an exception. */
export function idListSchema(max: number) {
  return z
    .unknown()
    .transform((value, context) => {
      const list = parseIdList(value, max);
      if (list.ok) return list.ids;
      context.addIssue({ code: "custom", message: list.error });
      return z.NEVER;
    })
    .pipe(z.array(code).max(max, tooManyIds(max)));
}

/** Codes chosen from an option list. */
export const codeList = z
  .array(code, { invalid_type_error: "validation.invalidOption" })
  .max(1000, "validation.tooManyOptions")
  .default([]);

/** "2024-02-29" is a date, "2024-02-30" is not (Date.parse would roll it over to March). */
export function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** http(s) URLs that parse, as the stored notification is read back with the same rule. */
export function isWebhookUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && z.string().url().safeParse(value).success;
}

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const optionalDate = z.preprocess(
  emptyToUndefined,
  z
    .string({ invalid_type_error: "validation.date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.date")
    .refine(isCalendarDate, "validation.date")
    .optional(),
);

/** A whole number from a text field or a JSON number; empty is absent. */
export const optionalCount = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : emptyToUndefined(value)),
  z
    .number({ invalid_type_error: "validation.number" })
    .int("validation.number")
    .min(0, "validation.number")
    .max(Number.MAX_SAFE_INTEGER, "validation.number")
    .optional(),
);

/** A number (amounts may be negative or fractional) from a text field or JSON; empty is absent. */
export const optionalAmount = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : emptyToUndefined(value)),
  z.number({ invalid_type_error: "validation.number" }).finite("validation.number").optional(),
);

/** One of `options`; absent or empty is `fallback`. */
export function choice<const Options extends readonly [string, ...string[]]>(options: Options, fallback: Options[number]) {
  return z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? fallback : value),
    z.enum(options, { errorMap: () => ({ message: "validation.invalidOption" }) }),
  );
}

/**
 * A form post or JSON body as the plain object a schema reads: every field's first value, `lists` as arrays
 * (repeated fields, or a JSON array or single value), `flags` as booleans. Lists and flags are read in one
 * pass over the fields: a get() per field name made a post of many fields quadratic.
 */
export function formValues(
  source: FormData | Record<string, unknown>,
  fields: { lists: readonly string[]; flags: readonly string[] },
): Record<string, unknown> {
  const firstValues = new Map<string, unknown>();
  const allValues = new Map<string, unknown[]>();
  if (source instanceof FormData) {
    for (const [key, value] of source) {
      if (!firstValues.has(key)) firstValues.set(key, value);
      if (typeof value === "string" && value !== "") allValues.set(key, [...(allValues.get(key) ?? []), value as FormValue]);
    }
  } else {
    for (const [key, value] of Object.entries(source)) {
      firstValues.set(key, value);
      allValues.set(key, Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]);
    }
  }
  const values: Record<string, unknown> = Object.fromEntries(firstValues);
  for (const name of fields.lists) values[name] = allValues.get(name) ?? [];
  for (const name of fields.flags) values[name] = flag(firstValues.get(name));
  // Every product's create-feed form has the box: unchecked, it posts nothing (off); checked, "on" (as in the browser's check).
  const initialDump = values.initialDump;
  if (source instanceof FormData) values.initialDump = flag(initialDump);
  else if (initialDump === null || initialDump === "") delete values.initialDump;
  else if (typeof initialDump === "string") values.initialDump = flag(initialDump);
  return values;
}

export const intentShape = { intent: z.enum(["preview", "create", "save"]).default("preview") };

export const generalShape = {
  name: requiredText(100),
  description: optionalText(500),
};

export const feedStatuses = ["active", "inactive"] as const;

/** "Deliver the current data first": a new feed starts with a dump of everything it selects. The form's box is checked
 * at first; a JSON body asks for it with `initialDump: true`, so existing API clients get no dump they did not ask for. */
export const initialDumpShape = {
  initialDump: z.boolean({ invalid_type_error: "validation.invalidOption" }).default(false),
};

/** A feed's schedule: how often it runs, and whether it runs at all. */
export const scheduleShape = {
  frequency: choice(feedFrequencies, "daily"),
  status: choice(feedStatuses, "active"),
  ...initialDumpShape,
};

/** The file every feed run and dump writes. */
export const fileShape = {
  format: choice(["json", "xml"] as const, "json"),
  language: choice(["en", "zh"] as const, "en"),
};

export const deliveryShape = {
  deliveryMethod: choice(deliveryMethods, "platform"),
  ftpUrl: optionalText(255),
  ftpPath: optionalText(255),
  ftpUsername: optionalText(100),
  ftpPassword: optionalText(200),
  sftpPrivateKey: optionalText(maxPrivateKeyLength),
  notificationEmail: optionalText(1000),
  notificationUrl: optionalText(2000),
  notificationMethod: choice(webhookMethods, "POST"),
};

export type DeliveryValues = z.infer<z.ZodObject<typeof deliveryShape>>;

/** The most notification addresses one feed or dump may name. */
export const maxNotificationEmails = 10;

/** An address's scheme must agree with the method: sftp:// is SFTP only, ftp:// and ftps:// never SFTP. */
function hostFitsMethod(url: string, method: string): boolean {
  const scheme = /^([a-z]+):\/\//i.exec(url.trim())?.[1]?.toLowerCase();
  return scheme === undefined || (scheme === "sftp") === (method === "sftp");
}

/**
 * Delivery by FTP, FTPS or SFTP needs its address, path and login; an SFTP private key must be one (pasted
 * whole, unencrypted); notification addresses and URL must be valid. Whether the password may stay empty
 * depends on what is stored, so the submission check does it (ftp-password.ts).
 */
export function checkDelivery(values: DeliveryValues, context: z.RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (isUploadMethod(values.deliveryMethod)) {
    if (!values.ftpUrl) issue("ftpUrl", "validation.required");
    else if (!parseFtpHost(values.ftpUrl) || !hostFitsMethod(values.ftpUrl, values.deliveryMethod)) issue("ftpUrl", "validation.ftpUrl");
    if (values.ftpPath !== undefined && normaliseRemoteDirectory(values.ftpPath) === null) issue("ftpPath", "validation.ftpPath");
    if (!values.ftpUsername) issue("ftpUsername", "validation.required");
  }
  if (values.sftpPrivateKey && values.deliveryMethod === "sftp") {
    const problem = privateKeyProblem(values.sftpPrivateKey);
    if (problem) issue("sftpPrivateKey", problem);
  }
  if (values.notificationEmail) {
    const addresses = splitAddresses(values.notificationEmail);
    if (addresses.length > maxNotificationEmails) issue("notificationEmail", `validation.tooManyEmails|max=${maxNotificationEmails}`);
    else if (addresses.some((address) => !z.string().email().safeParse(address).success)) issue("notificationEmail", "validation.emails");
  }
  if (values.notificationUrl && !isWebhookUrl(values.notificationUrl)) issue("notificationUrl", "validation.url");
}

/** Field errors as {field: message key}, the first per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}

/** The feed an admin recovers: the deleted-feeds page's Recover button and the JSON API post the same field. */
export const recoverFeedSchema = z.object({
  id: z
    .string({ required_error: "validation.required", invalid_type_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(64, "validation.tooLong|max=64"),
});
