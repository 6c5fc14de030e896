import { activeSubscriptions } from "~/modules/auth/users.server";
import type { DocSetId } from "~/modules/registry/registry";
import { setAccess } from "./access-rules";
import { errorBody, DataApiError } from "./errors";
import { readTicket, type FileTicket } from "./file-links.server";
import { textPdf } from "./pdf";
import { dumpFile } from "./sets/company-v2.server";
import { findDocument } from "./sets/documents.server";
import { findInsightForFile } from "./sets/macroeconomic.server";
import { toXml } from "./xml";

/** The files behind the signed download links: insight and document renditions, dump files. */

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A file's answer: text, or the bytes of a PDF. */
export interface FileResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

function fileAnswer(body: string | Uint8Array, type: string, name: string): FileResponse {
  return {
    status: 200,
    headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
    body,
  };
}

async function documentFile(ticket: FileTicket) {
  const document = await findDocument(ticket.id);
  const paragraphs = [document.title, document.publishedAt.slice(0, 10), ...document.content.split(/\n\s*\n/)];
  const name = `${document.id}.${ticket.format}`;
  if (ticket.format === "txt") return fileAnswer(paragraphs.join("\n\n"), "text/plain; charset=utf-8", name);
  if (ticket.format === "html") {
    const html = `<!doctype html><html lang="${escapeHtml(document.language)}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title></head><body><h1>${escapeHtml(document.title)}</h1>${paragraphs
      .slice(1)
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join("")}</body></html>`;
    return fileAnswer(html, "text/html; charset=utf-8", name);
  }
  return fileAnswer(textPdf(paragraphs), "application/pdf", name);
}

async function insightFile(ticket: FileTicket) {
  const insight = await findInsightForFile(ticket.id);
  const paragraphs = [
    insight.title,
    `${insight.author} - ${insight.published.slice(0, 10)} - ${insight.category}, ${insight.country}`,
    insight.summary,
    `Series cited: ${insight.series_ids.join(", ") || "none"}`,
  ];
  return fileAnswer(textPdf(paragraphs), "application/pdf", `${insight.id}.pdf`);
}

async function dumpFileAnswer(ticket: FileTicket) {
  const content = await dumpFile(ticket.set, ticket.owner ?? "", Number(ticket.id));
  if (ticket.format === "xml") return fileAnswer(toXml(content, "dump"), "application/xml; charset=utf-8", `dump-${ticket.id}.xml`);
  return fileAnswer(JSON.stringify(content), "application/json; charset=utf-8", `dump-${ticket.id}.json`);
}

const renderers = { document: documentFile, insight: insightFile, dump: dumpFileAnswer };

/** A dump is the product's data: its link serves while the owner subscribes to the set's product, as their key does (finding N9). */
async function ownerStillSubscribed(ticket: FileTicket): Promise<boolean> {
  const access = setAccess[ticket.set];
  if (!("product" in access) || !ticket.owner) return false;
  return (await activeSubscriptions(ticket.owner))[access.product];
}

/** The file of a download link of this set, or the spec's 404 for a link that is unknown or has expired. */
export async function serveFile(set: DocSetId, token: string): Promise<FileResponse> {
  const ticket = readTicket(set, token);
  const gone: FileResponse = {
    status: 404,
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(errorBody(404, "Not found: the link is unknown or has expired.")),
  };
  if (!ticket || !(ticket.kind in renderers)) return gone;
  if (ticket.kind === "dump" && !(await ownerStillSubscribed(ticket))) return gone;
  try {
    return await renderers[ticket.kind](ticket);
  } catch (error) {
    if (error instanceof DataApiError) return gone;
    throw error;
  }
}
