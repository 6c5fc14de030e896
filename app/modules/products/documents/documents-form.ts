import { z } from "zod";
import { documentSearchFields } from "~/modules/catalog/catalog";
import { maxPrivateKeyLength } from "~/modules/delivery/sftp-key";
import { defaultPortOf, deliveryMethods } from "~/modules/delivery/targets";
import { checkDelivery, choice, formValues, generalShape, initialDumpShape, intentShape } from "~/modules/feeds/form-shapes";
import type { FeedFrequency } from "~/modules/feeds/model";
import { optionalText } from "~/modules/forms/fields";

/**
 * The documents feed form (SPEC.md sections 3, 4 and 9): an active flag, a schedule of every 15 or 60 minutes,
 * the document search, the delivery format, and delivery to the platform or an FTP host and port with a webhook.
 * One schema for the page and the JSON API. Its output carries the core's fields too (frequency, status, the
 * output format, ftpUrl), so the feeds core stores, seals and runs a documents feed like any other; the rules
 * that need the catalog (known codes) are checked by the descriptor (documents.server.ts). There are no
 * documents dumps.
 */

const documentsListFields = ["country", "language", "format", "industry", "publicationType", "source", "topic"] as const;
/** Each list field of the form and the option list (of /api/documents-options) its codes come from. */
export const documentsOptionLists = [
  ["country", "countries"],
  ["language", "languages"],
  ["format", "formats"],
  ["industry", "industries"],
  ["publicationType", "publicationTypes"],
  ["source", "sources"],
  ["topic", "topics"],
] as const;

const documentsFlagFields = ["active"] as const;

/** SPEC.md section 9: every 15 or 60 minutes; the form and the JSON API name them by their minutes. */
export const documentsFrequencies = ["15", "60"] as const;
export type DocumentsFrequency = (typeof documentsFrequencies)[number];

const feedFrequencyOf = {
  "15": "every-15-minutes",
  "60": "every-60-minutes",
} as const satisfies Record<DocumentsFrequency, FeedFrequency>;

/** A stored frequency as the form's value; null for the other products' frequencies. */
export function documentsFrequency(frequency: FeedFrequency): DocumentsFrequency | null {
  return documentsFrequencies.find((minutes) => feedFrequencyOf[minutes] === frequency) ?? null;
}

/** The file a run writes: JSON or XML (the core's output `format`; the form's `format` is the documents' own). */
const documentsDeliveryFormats = ["json", "xml"] as const;
export const defaultFtpPort = 21;

/** JSON `active` values read as a checkbox would post them; anything else is left for the schema to refuse. */
const activeWords: Record<string, boolean> = { true: true, on: true, "1": true, false: false, off: false, "0": false };

/**
 * The form post or JSON body as the plain object the schema reads. An unchecked box posts nothing (inactive);
 * a JSON body that leaves `active` out creates an active feed, as the other products' status defaults to active.
 */
export function documentsFormValues(source: FormData | Record<string, unknown>): Record<string, unknown> {
  if (source instanceof FormData) return formValues(source, { lists: documentsListFields, flags: documentsFlagFields });
  const values = formValues(source, { lists: documentsListFields, flags: [] });
  const active = source.active;
  if (active === undefined || active === null || active === "") values.active = undefined;
  else if (typeof active === "string" && active.toLowerCase() in activeWords) values.active = activeWords[active.toLowerCase()];
  else values.active = active;
  return values;
}

const invalidOption = { errorMap: () => ({ message: "validation.invalidOption" }) };

/** 15 or 60, as a JSON number or as text; absent is 60. */
const frequency = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? "60" : typeof value === "number" ? String(value) : value),
  z.enum(documentsFrequencies, invalidOption),
);

/** A port from a text field or JSON; absent is the method's (21, or 22 for SFTP). */
const ftpPort = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value === null ? undefined : value),
  z
    .number({ invalid_type_error: "validation.ftpPort" })
    .int("validation.ftpPort")
    .min(1, "validation.ftpPort")
    .max(65535, "validation.ftpPort")
    .optional(),
);

/** Codes chosen from an option list; anything but text is not one of them. */
const codes = z
  .array(
    z
      .string({ invalid_type_error: "validation.invalidOption" })
      .trim()
      .min(1, "validation.invalidOption")
      .max(64, "validation.invalidOption"),
    { invalid_type_error: "validation.invalidOption" },
  )
  .max(1000, "validation.tooManyOptions")
  .default([]);

const inputShape = {
  ...intentShape,
  ...generalShape,
  active: z.boolean({ invalid_type_error: "validation.invalidOption" }).default(true),
  frequency,
  ...initialDumpShape,
  searchIn: choice(documentSearchFields, "all"),
  keyword: optionalText(200),
  country: codes,
  language: codes,
  format: codes,
  industry: codes,
  publicationType: codes,
  source: codes,
  topic: codes,
  deliveryFormat: choice(documentsDeliveryFormats, "json"),
  deliveryMethod: choice(deliveryMethods, "platform"),
  ftpHost: optionalText(253),
  ftpPort,
  ftpPath: optionalText(255),
  ftpUsername: optionalText(100),
  ftpPassword: optionalText(200),
  notificationUrl: optionalText(2000),
  sftpPrivateKey: optionalText(maxPrivateKeyLength),
};

type InputValues = z.infer<z.ZodObject<typeof inputShape>>;

/** The lists that choose documents: with the keyword, a feed needs at least one of them. */
const criterionLists = ["country", "language", "format", "industry", "publicationType", "source", "topic"] as const;

const isPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65535;

/**
 * The host and port as the core's FTP address, whose rules, sealing and password reuse are the same for every
 * product. A wrong port has its own message, so the host is then checked alone.
 */
function ftpUrlOf(values: Pick<InputValues, "ftpHost" | "ftpPort" | "deliveryMethod">): string | undefined {
  if (values.ftpHost === undefined) return undefined;
  const scheme = values.deliveryMethod === "sftp" ? "sftp" : "ftp";
  const port = values.ftpPort ?? defaultPortOf(values.deliveryMethod);
  return isPort(port) ? `${scheme}://${values.ftpHost}:${port}` : `${scheme}://${values.ftpHost}`;
}

/**
 * A criterion, and the core's delivery rules on the core's fields: their `ftpUrl` issues belong to the host
 * field here, and an address that does not parse is a host that is not a bare host name.
 */
function checkDocumentsFeed(values: InputValues, context: z.RefinementCtx) {
  if (!values.keyword && criterionLists.every((name) => values[name].length === 0)) {
    context.addIssue({ code: "custom", path: ["keyword"], message: "validation.documentsCriterion" });
  }
  const onHostField: z.RefinementCtx = {
    path: context.path,
    addIssue: (issue) =>
      context.addIssue(
        issue.path?.[0] === "ftpUrl"
          ? { ...issue, path: ["ftpHost"], message: issue.message === "validation.ftpUrl" ? "validation.ftpHost" : issue.message }
          : issue,
      ),
  };
  checkDelivery(
    {
      deliveryMethod: values.deliveryMethod,
      ftpUrl: ftpUrlOf(values),
      ftpPath: values.ftpPath,
      ftpUsername: values.ftpUsername,
      ftpPassword: values.ftpPassword,
      sftpPrivateKey: values.sftpPrivateKey,
      notificationUrl: values.notificationUrl,
      notificationMethod: "POST",
    },
    onHostField,
  );
}

/** The checked form as the feeds core reads it: its own fields plus the core's, named as the core names them. */
function toFeedValues(values: InputValues) {
  return {
    intent: values.intent,
    name: values.name,
    description: values.description,
    active: values.active,
    frequency: feedFrequencyOf[values.frequency],
    status: values.active ? ("active" as const) : ("inactive" as const),
    initialDump: values.initialDump,
    searchIn: values.searchIn,
    keyword: values.keyword,
    country: values.country,
    documentLanguage: values.language,
    documentFormat: values.format,
    industry: values.industry,
    publicationType: values.publicationType,
    source: values.source,
    topic: values.topic,
    deliveryFormat: values.deliveryFormat,
    /** The file of each run: the core's output format. */
    format: values.deliveryFormat,
    /** The language of the file's header and of the notifications: the form offers no choice. */
    language: "en" as const,
    deliveryMethod: values.deliveryMethod,
    ftpHost: values.ftpHost,
    ftpPort: values.ftpPort ?? defaultPortOf(values.deliveryMethod),
    ftpUrl: ftpUrlOf(values),
    ftpPath: values.ftpPath,
    ftpUsername: values.ftpUsername,
    ftpPassword: values.ftpPassword,
    sftpPrivateKey: values.sftpPrivateKey,
    notificationEmail: undefined,
    notificationUrl: values.notificationUrl,
    notificationMethod: "POST" as const,
  };
}

export const documentsFeedSchema = z.object(inputShape).superRefine(checkDocumentsFeed).transform(toFeedValues);
export type DocumentsFeedValues = z.infer<typeof documentsFeedSchema>;
