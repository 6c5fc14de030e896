import type { DocumentCriteria, DocumentRecord } from "~/modules/catalog/catalog";
import { documentsOptions } from "~/modules/catalog/options.server";
import { previewDocuments } from "~/modules/catalog/previews.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { parseFtpHost } from "~/modules/delivery/targets";
import type { FeedRow } from "~/modules/feeds/feed-queries.server";
import { outputOptionsSchema, type OutputOptions } from "~/modules/feeds/model";
import type { ProductDescriptor, SelectionCheck } from "~/modules/feeds/product";
import { readDelivery, readFrequency } from "~/modules/feeds/stored";
import { feedFormValues } from "~/modules/feeds/submission.server";
import { documentsCriteriaSchema } from "./documents-criteria";
import { defaultFtpPort, documentsFeedSchema, documentsFormValues, documentsFrequency, type DocumentsFeedValues } from "./documents-form";

/**
 * The documents product (SPEC.md sections 3, 4 and 9): documents chosen by keyword and code lists, each
 * delivered with its metadata and content as JSON or XML, every 15 or 60 minutes, with no limit of active
 * feeds. Everything else about its feeds is the feeds core's.
 */

export type DocumentsOptions = Awaited<ReturnType<typeof documentsOptions>>;

function toDocumentCriteria(values: DocumentsFeedValues): DocumentCriteria {
  return {
    keyword: values.keyword,
    searchIn: values.searchIn,
    country: values.country,
    language: values.documentLanguage,
    format: values.documentFormat,
    industry: values.industry,
    publicationType: values.publicationType,
    source: values.source,
    topic: values.topic,
  };
}

/** Every run delivers what is new or changed; the file is JSON or XML. */
function toDocumentsOptions(values: DocumentsFeedValues): OutputOptions {
  return outputOptionsSchema.parse({ format: values.format, language: values.language, newOnly: false });
}

/** A stored selection as the form's criteria and output fields (the schedule and delivery come from the feed row). */
function documentsStoredFormValues(criteria: DocumentCriteria, options: OutputOptions): Record<string, unknown> {
  return {
    searchIn: criteria.searchIn ?? "all",
    keyword: criteria.keyword ?? "",
    country: criteria.country ?? [],
    language: criteria.language ?? [],
    format: criteria.format ?? [],
    industry: criteria.industry ?? [],
    publicationType: criteria.publicationType ?? [],
    source: criteria.source ?? [],
    topic: criteria.topic ?? [],
    deliveryFormat: options.format,
  };
}

/** Each list field, the field of the checked values holding it, and the option list its codes come from. */
const optionLists = [
  ["country", "country", "countries"],
  ["language", "documentLanguage", "languages"],
  ["format", "documentFormat", "formats"],
  ["industry", "industry", "industries"],
  ["publicationType", "publicationType", "publicationTypes"],
  ["source", "source", "sources"],
  ["topic", "topic", "topics"],
] as const;

/** Every chosen code must be one the form offers: a made-up country is refused, not ignored. Keyed by form field. */
function unknownOptions(values: DocumentsFeedValues, options: DocumentsOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, valuesField, list] of optionLists) {
    const known = new Set(options[list].map((option) => option.value));
    if (values[valuesField].some((value) => !known.has(value))) errors[field] = "validation.invalidOption";
  }
  return errors;
}

/** Save's first step: the codes the catalog knows, and the first 5 documents the feed selects with their total. */
async function checkDocumentsSelection(values: DocumentsFeedValues, _owner: { userId: string }): Promise<SelectionCheck<DocumentRecord>> {
  const catalog = getCatalog();
  const [options, preview] = await Promise.all([documentsOptions(catalog), previewDocuments(catalog, toDocumentCriteria(values))]);
  const errors = unknownOptions(values, options);
  if (!preview.ok) {
    errors.keyword ??= preview.error;
    return { preview: null, errors };
  }
  return { preview: { total: preview.total, items: preview.items }, errors };
}

/** The option lists of the documents form and of /api/documents-options: the same for every subscriber. */
function loadDocumentsOptions(_owner: { userId: string }): Promise<DocumentsOptions> {
  return documentsOptions(getCatalog());
}

export const documentsProduct: ProductDescriptor<
  DocumentCriteria,
  DocumentsFeedValues,
  DocumentsFeedValues,
  DocumentRecord,
  DocumentsOptions
> = {
  product: "documents",
  segment: "documents",
  feedSchema: documentsFeedSchema,
  // The descriptor's type asks for a dump schema: documents have none, and the screens offer no dump.
  dumpSchema: documentsFeedSchema,
  formValues: documentsFormValues,
  criteriaSchema: documentsCriteriaSchema,
  toCriteria: toDocumentCriteria,
  toOptions: toDocumentsOptions,
  toFormValues: documentsStoredFormValues,
  checkSelection: checkDocumentsSelection,
  loadOptions: loadDocumentsOptions,
  /** SPEC.md sets no limit of active documents feeds. */
  activeFeedLimit: null,
  editFormValues: (feed) => documentsFeedFormValues(feed),
};

/**
 * The stored feed as the documents form's values, for the edit form: the core's
 * feedFormValues with the schedule, status and FTP address named as this form names them (`frequency` "15" or
 * "60", `active`, `ftpHost` and `ftpPort`). Never the FTP password.
 */
export function documentsFeedFormValues(feed: FeedRow): Record<string, unknown> {
  // The core's names for what this form names otherwise, and the fields it does not have.
  const {
    frequency: _frequency,
    status: _status,
    ftpUrl: _ftpUrl,
    notificationEmail: _emails,
    notificationMethod: _method,
    ...values
  } = feedFormValues(documentsProduct, feed);
  const ftp = readDelivery(feed).ftp;
  const address = ftp ? parseFtpHost(ftp.host, ftp.port) : null;
  return {
    ...values,
    active: feed.status === "active",
    frequency: documentsFrequency(readFrequency(feed.frequency)) ?? "60",
    ftpHost: address?.host ?? "",
    ftpPort: address?.port ?? defaultFtpPort,
  };
}
