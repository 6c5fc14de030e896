import { env } from "~/modules/env/env.server";
import type { BodyBytes } from "~/modules/http/body.server";
import { reportIncident } from "~/modules/incidents/report.server";
import { isDocSetId, type DocSetId } from "~/modules/registry/registry";
import { newRequestId, REQUEST_ID_HEADER } from "~/modules/usage/call-record";
import { errorBody } from "./errors";
import { serveFile } from "./files.server";
import { serveDataApi } from "./serve.server";

/**
 * /data-api/{set}{path} over HTTP: the built-in upstream of every shipped specification (serve.server.ts), and the
 * signed download links it hands out (/data-api/{set}/files/{token}). A set that UPSTREAM_URLS points at a real
 * upstream is not served here at all (404 naming the upstream): the docs and the query builder call the upstream
 * directly, and the portal does not relay calls for others. The HTTP server hands these requests here ahead of
 * the pages' middleware and Remix (server/http-server.server.ts): a data-API call needs neither, and they were a
 * third of its CPU (issue 29's speed goal).
 */
export interface DataApiHttpRequest {
  method: string;
  /** The request's path from /data-api/ on, still percent-encoded. */
  path: string;
  query: readonly (readonly [string, string])[];
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Reads the body within the body limit (called for methods other than GET and HEAD). */
  readBody: () => Promise<BodyBytes>;
}

export interface DataApiHttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** null: no body. */
  body: string | Uint8Array | null;
}

const PREFIX = "/data-api/";

function errorAnswer(status: number, message: string, requestId: string): DataApiHttpAnswer {
  return {
    status,
    headers: { "Content-Type": "application/json", [REQUEST_ID_HEADER]: requestId },
    body: JSON.stringify(errorBody(status, message, requestId)),
  };
}

/** The set named by the path's first segment, when it is one; a segment that is not valid percent-encoding names none. */
function setOf(segment: string): DocSetId | undefined {
  try {
    const name = decodeURIComponent(segment);
    return isDocSetId(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

async function answerFile(set: DocSetId, path: string): Promise<DataApiHttpAnswer> {
  const file = await serveFile(set, path.slice("/files/".length));
  return { status: file.status, headers: file.headers, body: file.body };
}

export async function answerDataApiHttp(request: DataApiHttpRequest): Promise<DataApiHttpAnswer> {
  const requestId = newRequestId();
  const below = request.path.startsWith(PREFIX) ? request.path.slice(PREFIX.length) : "";
  const segment = below.split("/", 1)[0]!;
  const set = setOf(segment);
  if (!set) return errorAnswer(404, "Not found: no data API has this name.", requestId);
  const upstream = env.UPSTREAM_URLS[set];
  if (upstream) return errorAnswer(404, `Not found: the ${set} API is served at ${upstream}.`, requestId);
  const path = below.slice(segment.length);
  if (/^\/files\/[^/]+$/.test(path) && request.method === "GET") return answerFile(set, path);
  let body: string | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const read = await request.readBody();
    if (!read.ok) return errorAnswer(413, "Payload too large: the body is over the size limit.", requestId);
    body = read.bytes.byteLength ? new TextDecoder().decode(read.bytes) : undefined;
  }
  try {
    const answer = await serveDataApi({
      set,
      method: request.method,
      path,
      query: request.query,
      headers: request.headers,
      body,
      requestId,
    });
    return { status: answer.status, headers: answer.headers, body: answer.body === "" ? null : answer.body };
  } catch (error) {
    const incident = reportIncident(incidentRequest(request), error, async () => null);
    return errorAnswer(
      500,
      `Internal server error: the call could not be answered${incident ? ` (incident ${incident})` : ""}.`,
      requestId,
    );
  }
}

/** The request as the incident log reads it: its URL (credentials are redacted when recorded) and who sent it. */
function incidentRequest(request: DataApiHttpRequest): Request {
  const url = new URL(request.path, env.PUBLIC_URL);
  url.search = new URLSearchParams(request.query.map(([name, value]) => [name, value])).toString();
  const { authorization, cookie } = request.headers;
  const headers = Object.entries({ authorization, cookie }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new Request(url, { headers });
}
