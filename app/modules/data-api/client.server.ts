import { env } from "~/modules/env/env.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { requestVetted } from "~/modules/net/outbound.server";
import type { DocSetId } from "~/modules/registry/registry";
import { builtInBaseUrl } from "./base-url.server";
import { callUrl, hasDotSegment } from "./call-url";
import { errorBody } from "./errors";
import { serveDataApi } from "./serve.server";

/**
 * The one way the portal calls a data API (the query builder, the tests, the bench): the built-in upstream
 * answers in-process over the generated catalog, or, when UPSTREAM_URLS names the set, the real upstream
 * answers through the vetted outbound client.
 */

export interface DataApiCall {
  set: DocSetId;
  method: string;
  /** The operation's path with its path parameters filled (percent-encoded), e.g. "/series/search". */
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string;
  /** Whose call it is, for the limits an open operation counts per client address (fund flows' POST /Session). */
  clientAddress?: string | null;
}

export interface DataApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  durationMs: number;
  /** The full URL called, for the curl line. */
  url: string;
}

/** The base URL in force for a set: `${PUBLIC_URL}/data-api/{set}`, or the upstream's from UPSTREAM_URLS. */
export function dataApiBaseUrl(set: DocSetId): string {
  return env.UPSTREAM_URLS[set] ?? builtInBaseUrl(set);
}

const UPSTREAM_TIMEOUT_MS = 30_000;
const UPSTREAM_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The upstream's headers that describe its answer (type, limits, caching); cookies and connection headers stay behind. */
function relayedHeaders(headers: Record<string, string>): Record<string, string> {
  const hopByHop = new Set([
    "set-cookie",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "upgrade",
    "proxy-authenticate",
    "trailer",
    "te",
  ]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

async function callUpstream(url: string, call: DataApiCall): Promise<Omit<DataApiAnswer, "durationMs" | "url">> {
  try {
    const response = await requestVetted(url, {
      method: call.method.toUpperCase(),
      headers: { accept: "application/json", ...call.headers, ...(call.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: call.body,
      timeoutMs: UPSTREAM_TIMEOUT_MS,
      maxRedirects: 0,
      maxBodyBytes: UPSTREAM_MAX_BODY_BYTES,
    });
    return { status: response.status, headers: relayedHeaders(response.headers), body: response.body.toString("utf8") };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      status: 502,
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(errorBody(502, `Bad gateway: the upstream could not be reached (${reason}).`)),
    };
  }
}

/** A path parameter of "." or "..": refused before any call, as the URL would lead elsewhere on the upstream. */
const DOT_SEGMENT_ANSWER = {
  status: 400,
  headers: { "Content-Type": "application/json; charset=utf-8" },
  body: JSON.stringify(errorBody(400, 'Bad request: a path parameter must not be "." or "..".')),
};

/** The answer of the upstream in force: refused at once for a dot segment, the real upstream, or the built-in one. */
async function answerOf(call: DataApiCall, url: string): Promise<Omit<DataApiAnswer, "durationMs" | "url">> {
  if (hasDotSegment(call.path)) return DOT_SEGMENT_ANSWER;
  if (env.UPSTREAM_URLS[call.set]) return callUpstream(url, call);
  return serveDataApi({
    set: call.set,
    method: call.method.toUpperCase(),
    path: call.path,
    query: call.query,
    headers: {
      ...Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), value])),
      ...(call.clientAddress ? { [CLIENT_ADDRESS_HEADER.toLowerCase()]: call.clientAddress } : {}),
    },
    body: call.body,
  });
}

/**
 * Calls the set's data API and answers what it said; a real upstream that cannot be reached answers 502, a path
 * with a dot segment 400 without a call.
 */
export async function callDataApi(call: DataApiCall): Promise<DataApiAnswer> {
  const started = performance.now();
  const url = callUrl(dataApiBaseUrl(call.set), call.path, call.query);
  const answer = await answerOf(call, url);
  return { ...answer, durationMs: Math.round(performance.now() - started), url };
}
