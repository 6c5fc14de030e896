import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBody } from "~/modules/data-api/errors";
import { serveFile } from "~/modules/data-api/files.server";
import { serveDataApi } from "~/modules/data-api/serve.server";
import { env } from "~/modules/env/env.server";
import { readBodyBytes } from "~/modules/http/body.server";
import { isDocSetId, type DocSetId } from "~/modules/registry/registry";
import { newRequestId, REQUEST_ID_HEADER } from "~/modules/usage/call-record";

/**
 * /data-api/{set}{path}: the built-in upstream of every shipped specification (serve.server.ts), and the
 * signed download links it hands out (/data-api/{set}/files/{token}). A set that UPSTREAM_URLS points at a
 * real upstream is not served here at all (404 naming the upstream): the docs and the query builder call the
 * upstream directly, and the portal does not relay calls for others.
 */

function errorResponse(status: number, message: string, requestId: string): Response {
  return Response.json(errorBody(status, message, requestId), { status, headers: { [REQUEST_ID_HEADER]: requestId } });
}

/** The request's path below /data-api/{set}, still percent-encoded. */
function pathBelow(request: Request, set: string): string {
  const { pathname } = new URL(request.url);
  const prefix = `/data-api/${encodeURIComponent(set)}`;
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
}

async function readBody(request: Request): Promise<{ ok: true; text: string | undefined } | { ok: false }> {
  if (request.method === "GET" || request.method === "HEAD") return { ok: true, text: undefined };
  const body = await readBodyBytes(request);
  if (!body.ok) return { ok: false };
  return { ok: true, text: body.bytes.byteLength ? new TextDecoder().decode(body.bytes) : undefined };
}

async function answerFile(set: DocSetId, path: string): Promise<Response> {
  const file = await serveFile(set, path.slice("/files/".length));
  const body = typeof file.body === "string" ? file.body : Buffer.from(file.body);
  return new Response(body, { status: file.status, headers: file.headers });
}

async function handle({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const requestId = newRequestId();
  const set = params.set ?? "";
  if (!isDocSetId(set)) return errorResponse(404, "Not found: no data API has this name.", requestId);
  const upstream = env.UPSTREAM_URLS[set];
  if (upstream) return errorResponse(404, `Not found: the ${set} API is served at ${upstream}.`, requestId);
  const path = pathBelow(request, set);
  if (/^\/files\/[^/]+$/.test(path) && request.method === "GET") return answerFile(set, path);
  const body = await readBody(request);
  if (!body.ok) return errorResponse(413, "Payload too large: the body is over the size limit.", requestId);
  const url = new URL(request.url);
  const answer = await serveDataApi({
    set,
    method: request.method,
    path,
    query: [...url.searchParams],
    headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
    body: body.text,
    requestId,
  });
  return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers: answer.headers });
}

export const loader = handle;
export const action = handle;
