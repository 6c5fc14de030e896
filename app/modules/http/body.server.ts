import { env } from "~/modules/env/env.server";
import { bodyLimitFor } from "./policy";

export type BodyBytes = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; limit: number };

/** The body limit of a request's path (BODY_LIMIT_BYTES, or UPLOAD_LIMIT_BYTES for the picture upload). */
function requestBodyLimit(request: Request): number {
  return bodyLimitFor(new URL(request.url).pathname, { body: env.BODY_LIMIT_BYTES, upload: env.UPLOAD_LIMIT_BYTES });
}

/** Past the limit nothing is kept; a little more is read so the client hears the 413, then the stream is cut. */
const DRAIN_BYTES = 16 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, size: number): Promise<void> {
  let drained = size;
  while (drained <= DRAIN_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    drained += value.byteLength;
  }
  await reader.cancel();
}

/** A request's body as bytes, within the body limit of its path (see readStreamBytes). */
export function readBodyBytes(request: Request, limit = requestBodyLimit(request)): Promise<BodyBytes> {
  return readStreamBytes(request.body, limit);
}

/**
 * The one place a request body is read: counted while it streams and given up as soon as it passes the
 * limit, so an oversized body is never buffered whole (the HTTP server already refuses declared lengths).
 */
export async function readStreamBytes(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyBytes> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(reader, size);
      return { ok: false, limit };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** "1 MB", "512 KB": limits as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
