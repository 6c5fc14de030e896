import type { DocumentCriteria, DocumentRecord } from "~/modules/catalog/catalog";
import { documentSources, industries } from "~/modules/catalog/reference-data";
import { getCatalog } from "~/modules/catalog/source.server";
import { numeric, list, text } from "../call-input";
import { notFound } from "../errors";
import { fileLink } from "../file-links.server";
import { ok, type CallContext, type Handler, type SetHandlers } from "../handler";
import { createRecord, listRecords } from "../records.server";
import { keysetWindow } from "./paging.server";

/** The Documents API over the catalog's documents; file fetches are recorded for the usage reports. */

const publicationTypes: Record<string, string[]> = {
  news: ["news"],
  research: ["economic-analysis", "market-research"],
  company_report: ["company-report"],
  regulatory_filing: ["regulatory-filing"],
  industry_report: ["industry-report"],
  press_release: ["press-release"],
};

function apiPublicationType(type: string): string {
  return Object.keys(publicationTypes).find((apiType) => publicationTypes[apiType]!.includes(type)) ?? "news";
}

const sourceNames = new Map(documentSources.map((source) => [source.id, source.name]));

/** Every document can be fetched as text; PDF and HTML as the publisher's own format suggests. */
function documentFormats(document: Pick<DocumentRecord, "format">): string[] {
  return [document.format === "html" ? "html" : "pdf", "txt"];
}

function toDocument(document: DocumentRecord) {
  return {
    documentId: document.id,
    title: document.title,
    abstract: document.summary,
    publicationDate: document.publishedAt,
    country: [document.country],
    language: document.language,
    industry: [document.industry],
    publicationType: apiPublicationType(document.publicationType),
    source: { id: document.source, name: sourceNames.get(document.source) ?? document.source },
    topic: [document.topic],
    formats: documentFormats(document),
  };
}

/** An ISIC division given as C64 or 64. */
function industryCodes(codes: string[] | undefined): string[] | undefined {
  return codes?.flatMap((code) => {
    const upper = code.toUpperCase();
    if (/^\d{2}/.test(upper))
      return industries.filter((industry) => industry.id.slice(1) === upper.slice(0, 2)).map((industry) => industry.id);
    return [upper];
  });
}

function criteriaOf(context: CallContext): DocumentCriteria {
  const { input } = context;
  const type = text(input, "publication_type");
  const from = text(input, "published_from");
  return {
    keyword: text(input, "keyword")?.replace(/"/g, " "),
    country: list(input, "country")?.map((code) => code.toUpperCase()),
    language: list(input, "language")?.map((code) => code.toLowerCase()),
    industry: industryCodes(list(input, "industry")),
    publicationType: type ? publicationTypes[type] : undefined,
    source: list(input, "source"),
    topic: list(input, "topic"),
    // The catalog reads "after" strictly: the moment before the day keeps the day itself.
    publishedAfter: from ? new Date(Date.parse(`${from}T00:00:00Z`) - 1).toISOString() : undefined,
  };
}

const searchDocuments: Handler = async (context) => {
  const criteria = criteriaOf(context);
  const offset = numeric(context.input, "offset") ?? 0;
  const limit = numeric(context.input, "limit") ?? 100;
  const [total, items] = await Promise.all([
    getCatalog().countDocuments(criteria),
    keysetWindow((afterId, size) => getCatalog().documentPage(criteria, { afterId, limit: size }), offset, limit),
  ]);
  return ok({ total, offset, limit, data: items.map(toDocument) });
};

export async function findDocument(id: string): Promise<DocumentRecord> {
  const [document] = /^[A-Z]{2}\d{1,12}$/.test(id) ? await getCatalog().documentPage({ documentIds: [id] }, { limit: 1 }) : [];
  if (!document) throw notFound("Not found: no document has this id.");
  return document;
}

const LINK_MINUTES = 15;

interface Access {
  documentId: string;
  format: string;
  username: string;
  accessTime: string;
}

const getDocumentFile: Handler = async (context) => {
  const { set, caller, input, now } = context;
  const document = await findDocument(text(input, "documentId") ?? "");
  const format = text(input, "format") ?? "pdf";
  if (!documentFormats(document).includes(format)) throw notFound("Not found: this document is not available in this format.");
  const access: Access = { documentId: document.id, format, username: caller.username, accessTime: now.toISOString() };
  await createRecord({ set, kind: "access", ownerId: caller.ownerId }, access, { ref: document.id, now });
  const expires = new Date(now.getTime() + LINK_MINUTES * 60_000);
  return ok({
    documentId: document.id,
    format,
    fileName: `${document.id}.${format}`,
    downloadUrl: fileLink({ set, kind: "document", id: document.id, format, expires: expires.getTime() }),
    expiresAt: expires.toISOString(),
  });
};

/** The most accesses one report lists. */
const MAX_ACCESSES = 10_000;

async function usage(context: CallContext, documentIds: readonly string[], from?: string, to?: string) {
  const records = await listRecords<Access>(
    { set: context.set, kind: "access", ownerId: context.caller.ownerId },
    { ref: documentIds, limit: MAX_ACCESSES },
  );
  const items = records
    .map((record) => record.body)
    .filter((access) => (!from || access.accessTime.slice(0, 10) >= from) && (!to || access.accessTime.slice(0, 10) <= to))
    .map((access) => ({
      documentId: access.documentId,
      accessTime: access.accessTime,
      ...(access.username ? { username: access.username } : {}),
      format: access.format,
    }));
  return { total: items.length, items };
}

const getUsageReport: Handler = async (context) => {
  const document = await findDocument(text(context.input, "documentId") ?? "");
  return ok(await usage(context, [document.id], text(context.input, "from"), text(context.input, "to")));
};

const getUsageReports: Handler = async (context) => {
  const request = context.input.body as { documentIds: string[]; from?: string; to?: string };
  return ok(await usage(context, [...new Set(request.documentIds)], request.from, request.to));
};

export const documentsHandlers: SetHandlers = {
  secured: { searchDocuments, getDocumentFile, getUsageReport, getUsageReports },
};
