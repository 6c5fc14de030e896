import { sign, unsign } from "~/modules/auth/crypto.server";
import type { DocSetId } from "~/modules/registry/registry";
import { builtInBaseUrl } from "./base-url.server";

/**
 * The short-lived download links the APIs answer (insight documents, document files, dump files): signed,
 * so they work without the key until they expire, and cannot be made for anything else.
 */
export interface FileTicket {
  set: DocSetId;
  kind: "insight" | "document" | "dump";
  id: string;
  format: string;
  /** Milliseconds since the epoch. */
  expires: number;
  /** Whose dump it is. */
  owner?: string;
}

export function fileLink(ticket: FileTicket): string {
  return `${builtInBaseUrl(ticket.set)}/files/${sign(Buffer.from(JSON.stringify(ticket)).toString("base64url"))}`;
}

/** The ticket of a link of this set that is still valid, or null. */
export function readTicket(set: DocSetId, token: string, now = Date.now()): FileTicket | null {
  const payload = token.length < 2000 ? unsign(token) : null;
  if (!payload) return null;
  try {
    const ticket = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as FileTicket;
    return ticket.set === set && typeof ticket.id === "string" && ticket.expires > now ? ticket : null;
  } catch {
    return null;
  }
}
