import { createHash } from "node:crypto";
import { codeLanguageAlone } from "~/modules/content/code-language";
import { markdownPageRequest, prefersMarkdown } from "~/modules/docs/llms-request";
import { splitLanguagePrefix, type Language } from "~/modules/i18n/language";

/**
 * The rules of the anonymous full-page cache (page-cache.server.ts applies them): which requests it answers,
 * under which key, which rendered answers it keeps, and how a kept document loses its per-response nonce.
 */

/** A docs page, rendered as an HTML document; a set's routing data, JSON that varies only with the spec. */
export type CachedKind = "document" | "data";

const DOCS_PAGE = /^\/docs(?:\/|$)/;
const ROUTING_DATA = /^\/api\/routing\/data\/[^/]+\/?$/;

export interface CacheableRequest {
  method: string;
  path: string;
  accept: string | undefined;
  cookie: string | undefined;
  authorization: string | undefined;
  /** Content-Length above 0 or a Transfer-Encoding: the body is the later checks' business. */
  hasBody: boolean;
}

/**
 * What a request may be answered with from the cache, or null. Any cookie but the reader's language of code
 * samples alone sends it to the renderer: the portal's cookies (session, flash toast, sandbox trial key) all
 * change the page, and a cookie we do not know might one day too; an anonymous reader carries none or only that
 * choice, which the key holds (pageCacheKey). A request for markdown is the markdown middleware's.
 * Query strings stay in the key, not out of the cache: operation pages are addressed by `?path=&method=`.
 */
export function cacheableKind({ method, path, accept, cookie, authorization, hasBody }: CacheableRequest): CachedKind | null {
  if ((method !== "GET" && method !== "HEAD") || (cookie && !codeLanguageAlone(cookie)) || authorization || hasBody) return null;
  if (ROUTING_DATA.test(path)) return "data";
  const page = splitLanguagePrefix(path).path.replace(/\/+$/, "");
  if (!DOCS_PAGE.test(page)) return null;
  return markdownPageRequest(path, prefersMarkdown(accept)) ? null : "document";
}

export interface KeyParts {
  language: Language;
  /** The Cookie header, which cacheableKind let through only when it holds the reader's code language alone. */
  cookie: string | undefined;
  protocol: string;
  host: string | undefined;
  forwardedHost: string | undefined;
  /** Path and query string, as sent. */
  url: string;
}

/**
 * Everything Remix builds the request URL from is in the key, so no header a client sends reaches another reader's
 * page; so is the code language the page shows, so one reader's choice never reaches another.
 */
export function pageCacheKey({ language, cookie, protocol, host, forwardedHost, url }: KeyParts): string {
  return [language, codeLanguageAlone(cookie) ?? "-", protocol, host ?? "", forwardedHost ?? "", url].join(" ");
}

const CONTENT_TYPES: Record<CachedKind, RegExp> = { document: /^text\/html\b/i, data: /^application\/json\b/i };

export interface RenderedAnswer {
  status: number;
  contentType: string | null;
  setCookie: string | null;
  cacheControl: string | null;
  securityPolicy: string | null;
}

/**
 * Only a 200 of the expected type is kept, never one that sets a cookie or that its route keeps private; a
 * document only with the nonce policy of this response, which the cached copy trades for script hashes.
 */
export function isStorable(kind: CachedKind, answer: RenderedAnswer, nonce: string): boolean {
  if (answer.status !== 200 || answer.setCookie !== null || !CONTENT_TYPES[kind].test(answer.contentType ?? "")) return false;
  if (/\b(?:private|no-store|no-cache)\b/i.test(answer.cacheControl ?? "")) return false;
  return kind === "data" || (answer.securityPolicy ?? "").includes(` ${nonceSource(nonce)}`);
}

const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** The CSP hash source of an inline script; browsers hash the text after the HTML parser turned CR LF and CR into LF. */
export function scriptHashSource(source: string): string {
  return `'sha256-${createHash("sha256").update(source.replace(/\r\n?/g, "\n")).digest("base64")}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A document without its per-response nonce, as static HTML under a strict policy is served (web.dev "strict
 * CSP", hash-based): the nonce attributes go, and the policy's nonce source becomes the hashes of the inline
 * scripts. Scripts from /assets still load through the policy's 'self'.
 */
export function hashedDocument(html: string, policy: string, nonce: string): { html: string; policy: string } {
  const withoutNonce = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attributes, source] of withoutNonce.matchAll(SCRIPT)) {
    if (!/\ssrc\s*=/i.test(` ${attributes}`)) hashes.add(scriptHashSource(source ?? ""));
  }
  const sources = [...hashes].map((hash) => ` ${hash}`).join("");
  return { html: withoutNonce, policy: policy.replace(` ${nonceSource(nonce)}`, sources) };
}

/** Headers of the rendered answer that the cache sets itself, or that must not be replayed. */
const OWN_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "x-cache",
]);

/** The rendered answer's own headers a cached copy replays (its type, its Vary). */
export function replayedHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())));
}

/**
 * Browsers ask again every time, which a 304 answers for a few bytes. A CDN keeps a copy for a minute and then
 * may serve it stale for ten more while it asks again: it cannot hear of a spec reload (the instances follow
 * one within seconds), so a minute bounds how long its readers see the old docs, and the stale window lets
 * it refresh a busy page without making a reader wait.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

export type ContentCoding = "br" | "gzip" | "identity";

/**
 * The coding a cached body is sent in: brotli, the smallest, wherever the client takes it (browsers list
 * gzip first but take both alike), then gzip, else the plain body.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  return accepted("br") ? "br" : accepted("gzip") ? "gzip" : "identity";
}

/** A strong validator of the body; each content coding is its own representation, so each gets its own tag. */
export function entityTag(bodyHash: string, coding: ContentCoding): string {
  return `"${bodyHash}${coding === "identity" ? "" : `-${coding}`}"`;
}

export function bodyHash(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

/** A least-recently-used map bounded by entries and by bytes; an entry older than `maxAgeMs` is gone. */
export class LruStore<V extends { bytes: number; storedAt: number }> {
  #entries = new Map<string, V>();
  #bytes = 0;

  constructor(private readonly limits: { maxEntries: number; maxBytes: number; maxAgeMs: number }) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string, now: number): V | undefined {
    const value = this.#entries.get(key);
    if (!value) return undefined;
    this.#remove(key, value);
    if (now - value.storedAt > this.limits.maxAgeMs) return undefined;
    this.#entries.set(key, value);
    this.#bytes += value.bytes;
    return value;
  }

  /** Keeps `value` unless it alone would take more than a quarter of the room; answers whether it was kept. */
  set(key: string, value: V): boolean {
    if (value.bytes > this.limits.maxBytes / 4) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, value);
    this.#bytes += value.bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#remove(oldest, entry);
    }
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string, value: V): void {
    this.#entries.delete(key);
    this.#bytes -= value.bytes;
  }
}
