import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
// @remix-run/express's own conversions (through the adapter), so a cached page renders as app.all's does.
import { createRemixRequest, sendRemixResponse } from "./remix-internals.server";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { onSpecReload } from "~/modules/docs/routing-data.server";
import { languageOfPath } from "~/modules/i18n/language";
import { watchFolderTree } from "./page-cache-watch.server";
import {
  bodyHash,
  cacheableKind,
  entityTag,
  hashedDocument,
  isStorable,
  LruStore,
  pageCacheKey,
  preferredCoding,
  replayedHeaders,
  SHARED_CACHE_CONTROL,
  type CachedKind,
} from "./page-cache";
import { RESOURCE_SECURITY_POLICY } from "~/modules/http/policy";

/**
 * The anonymous full-page cache: docs pages and routing data, rendered once and then served from memory,
 * compressed ahead, with an ETag, to every reader without a cookie. What a docs render reads and how each
 * change reaches the cache:
 * - the specifications: a reload swaps one in on every web process (spec-versions.server.ts follows the
 *   stamps), and each swap empties the cache (onSpecReload);
 * - the written pages, templates and release notes under content/: read from disk at every render, so a
 *   changed file must be seen while running; a watch of content/ empties the cache (each instance watches
 *   its own copy). Without the watch the cache stays off rather than serve an edited page stale;
 * - the build (routes, components, translations) and the environment: fixed for the life of the process;
 * - the clock (the footer's year): bounded by an entry's hour in memory.
 * A render that began before an emptying is not kept, since it may have read the old specification.
 */

interface CachedAnswer {
  kind: CachedKind;
  headers: Record<string, string>;
  gzip: Buffer;
  br: Buffer;
  /** The plain body is not kept (few clients ask for it): it is inflated from the gzip copy when asked for. */
  identityLength: number;
  hash: string;
  bytes: number;
  storedAt: number;
}

const MAX_ENTRIES = 10_000;
const ENTRY_MAX_AGE_MS = 60 * 60 * 1000;
const BROTLI_QUALITY = 6;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function compressed(kind: CachedKind, body: Buffer, headers: Record<string, string>): Promise<CachedAnswer> {
  const brotliParams = { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
  const [gzipped, brotlied] = await Promise.all([gzip(body, { level: 9 }), brotli(body, { params: brotliParams })]);
  return {
    kind,
    headers,
    gzip: gzipped,
    br: brotlied,
    identityLength: body.length,
    hash: bodyHash(body),
    bytes: gzipped.length + brotlied.length + JSON.stringify(headers).length,
    storedAt: Date.now(),
  };
}

function sendCached(req: Request, res: Response, cached: CachedAnswer, state: "hit" | "miss") {
  const coding = preferredCoding(req.get("Accept-Encoding"));
  res.status(200).set(cached.headers).vary("Accept-Encoding").vary("Cookie");
  // The same URL answers markdown to a client that asks for it (llms-http.server.ts).
  if (cached.kind === "document") res.vary("Accept");
  res.set({ "Cache-Control": SHARED_CACHE_CONTROL, ETag: entityTag(cached.hash, coding), "X-Cache": state });
  if (req.fresh) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  if (coding !== "identity") res.set("Content-Encoding", coding);
  res.set("Content-Length", String(coding === "identity" ? cached.identityLength : cached[coding].length));
  if (req.method === "HEAD") res.end();
  else res.end(coding === "identity" ? zlib.gunzipSync(cached.gzip) : cached[coding]);
}

export interface PageCacheOptions {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** PAGE_CACHE_MB in bytes; 0 turns the cache off. */
  maxBytes: number;
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

export interface PageCache {
  /**
   * Answers from the cache, early in the chain: a hit needs none of the later steps (static files, the
   * checks of bodies and cross-site writes, the nonce of a render), and skipping them nearly doubles the
   * hits one process serves (scripts/bench-page-cache.mjs).
   */
  answerHits: Middleware;
  /** Renders a cacheable request the cache could not answer and keeps the answer (after the markdown middleware). */
  renderAndKeep: Middleware;
}

function cacheableRequest(req: Request) {
  const kind = cacheableKind({
    method: req.method,
    path: req.path,
    accept: req.get("Accept"),
    cookie: req.get("Cookie"),
    authorization: req.get("Authorization"),
    hasBody: Number(req.get("Content-Length") ?? 0) > 0 || req.get("Transfer-Encoding") !== undefined,
  });
  if (!kind) return null;
  const key = pageCacheKey({
    language: languageOfPath(req.path),
    cookie: req.get("Cookie"),
    protocol: req.protocol,
    host: req.get("Host"),
    forwardedHost: req.get("X-Forwarded-Host"),
    url: req.originalUrl,
  });
  return { kind, key };
}

export function createPageCache({ build, mode, getLoadContext, maxBytes }: PageCacheOptions): PageCache {
  const passOn: Middleware = (_req, _res, next) => next();
  if (maxBytes === 0) return { answerHits: passOn, renderAndKeep: passOn };
  const store = new LruStore<CachedAnswer>({ maxEntries: MAX_ENTRIES, maxBytes, maxAgeMs: ENTRY_MAX_AGE_MS });
  let generation = 0;
  const empty = () => {
    generation += 1;
    store.clear();
  };
  if (!watchFolderTree(path.resolve("content"), empty)) {
    console.warn("The page cache is off: content/ cannot be watched for changes.");
    return { answerHits: passOn, renderAndKeep: passOn };
  }
  onSpecReload(empty);
  const handleRequest = createRequestHandler(build, mode);

  async function render(req: Request, res: Response, kind: CachedKind, key: string) {
    const started = generation;
    const nonce = String(res.locals.cspNonce);
    const response = await handleRequest(createRemixRequest(req, res), getLoadContext(req, res));
    const answer = {
      status: response.status,
      contentType: response.headers.get("Content-Type"),
      setCookie: response.headers.get("Set-Cookie"),
      cacheControl: response.headers.get("Cache-Control"),
      securityPolicy: response.headers.get("Content-Security-Policy"),
    };
    if (!response.body || !isStorable(kind, answer, nonce)) return sendRemixResponse(res, response);
    let body = Buffer.from(await response.arrayBuffer());
    // A hit is answered before the step that gives other answers their policy: the entry carries its own.
    const headers = { ...replayedHeaders(response.headers), "Content-Security-Policy": RESOURCE_SECURITY_POLICY };
    if (kind === "document") {
      const document = hashedDocument(body.toString("utf8"), answer.securityPolicy ?? "", nonce);
      body = Buffer.from(document.html);
      headers["Content-Security-Policy"] = document.policy;
    }
    const cached = await compressed(kind, body, headers);
    if (generation === started) store.set(key, cached);
    sendCached(req, res, cached, "miss");
  }

  return {
    answerHits(req, res, next) {
      const request = cacheableRequest(req);
      const cached = request && store.get(request.key, Date.now());
      if (cached) sendCached(req, res, cached, "hit");
      else next();
    },
    renderAndKeep(req, res, next) {
      const request = cacheableRequest(req);
      // Remix answers HEAD without a body: nothing to keep.
      if (!request || req.method === "HEAD") return next();
      render(req, res, request.kind, request.key).catch(next);
    },
  };
}
