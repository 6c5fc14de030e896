/**
 * The HTTP rules every request passes before the app sees it (server.server.ts applies them): which
 * requests are cross-site, how large a body may be, and the headers every response carries. Pure, so
 * each rule is tested on its own.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export interface RequestSource {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
}

/**
 * A state-changing request a foreign page made the browser send. Browsers name the page in Origin (or,
 * failing that, Referer); a request with neither comes from a program (curl, an SDK with a bearer token),
 * which no other site can make a browser send, so it passes. `Origin: null` is a sandboxed or opaque page.
 */
export function isCrossSiteRequest({ method, origin, referer }: RequestSource, allowedOrigins: readonly string[]): boolean {
  if (isSafeMethod(method)) return false;
  const source = origin ?? referer;
  if (source === undefined || source === "") return false;
  let sourceOrigin: string;
  try {
    sourceOrigin = new URL(source).origin;
  } catch {
    return true;
  }
  return sourceOrigin === "null" || !allowedOrigins.includes(sourceOrigin);
}

/**
 * Remix checks once more that a non-GET request's Origin names the host it was sent to (X-Forwarded-Host, else
 * Host) and throws, a 500, when not. Once the portal's own check has let a request through, the request Remix sees
 * is made to agree: a write carries its Origin's host as Host and no X-Forwarded-Host; a read (which Remix also
 * checks for HEAD and OPTIONS of `.data`) has no use for Origin, which is left out. Null: nothing to change.
 */
export function remixOriginView(method: string, origin: string | undefined): { host: string } | "drop-origin" | null {
  if (origin === undefined || origin === "") return null;
  if (isSafeMethod(method)) return "drop-origin";
  const host = URL.canParse(origin) ? new URL(origin).host : "";
  return host ? { host } : "drop-origin";
}

/**
 * Methods undici's Request (and so Remix) cannot carry: TRACE echoes a request back, CONNECT opens a tunnel, TRACK
 * is TRACE's alias (which Node's parser, not knowing it, already answers with a 400).
 */
const REFUSED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Every method some route of the portal answers: the Allow header of a 405 for a refused method. */
export const SERVED_METHODS = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";

/** A host and an optional port, as RFC 9110 allows in Host: a name, an IPv4 address or a bracketed IPv6 address. */
const HOST_PATTERN = /^(?:[a-z0-9_][a-z0-9_.-]*|\[[0-9a-f:.]+\])(?::(\d{0,5}))?$/i;

/** A Host (or X-Forwarded-Host) value from which a URL can be built. */
export function isValidHost(host: string): boolean {
  const match = HOST_PATTERN.exec(host);
  return match !== null && Number(match[1] || 0) <= 65535 && URL.canParse(`http://${host}/`);
}

/** The first of a header's comma-separated values, as Express reads X-Forwarded-Host and X-Forwarded-Proto. */
export function firstHeaderValue(value: string | undefined): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first === "" ? undefined : first;
}

export interface RequestLine {
  method: string;
  /** The request target as sent: a path (origin-form), a full URL (absolute-form) or `*`. */
  target: string;
  host: string | undefined;
  /** Behind a trusted proxy only: the first X-Forwarded-Host and X-Forwarded-Proto values. */
  forwardedHost?: string;
  forwardedProto?: string;
}

export type RequestLineRefusal =
  | { status: 405; messageKey: "http.methodNotAllowed"; allow: string }
  | { status: 400; messageKey: "http.badRequestTarget" | "http.badHost" };

/**
 * A request no route can be asked about, answered before the app with a 4xx: a method the app's Request cannot
 * carry (405), a target that is not a path (absolute-form, `*`: 400), a Host, forwarded host or forwarded
 * protocol from which no URL can be built (400, as RFC 9112 asks for an invalid Host). Null: the request goes on.
 */
export function requestLineRefusal({ method, target, host, forwardedHost, forwardedProto }: RequestLine): RequestLineRefusal | null {
  if (REFUSED_METHODS.has(method.toUpperCase())) return { status: 405, messageKey: "http.methodNotAllowed", allow: SERVED_METHODS };
  if (!target.startsWith("/")) return { status: 400, messageKey: "http.badRequestTarget" };
  const hosts = [host, forwardedHost].filter((value) => value !== undefined);
  if (hosts.some((value) => !isValidHost(value))) return { status: 400, messageKey: "http.badHost" };
  if (forwardedProto !== undefined && !/^https?$/i.test(forwardedProto)) return { status: 400, messageKey: "http.badHost" };
  return null;
}

/** The JSON families, whose catch-all routes cannot match a path with a line break: Remix would answer the site's HTML 404. */
const JSON_PATH = /^\/(?:api|data-api)\//;
/** Percent-encoded line breaks (LF, CR, U+2028, U+2029) and NUL, which no path of the portal holds. */
const ENCODED_BREAK = /%0[ad0]|%e2%80%a[89]/i;

/** A path under /api/ or /data-api/ with an encoded line break or NUL: answered with the family's JSON error. */
export function isBrokenJsonPath(pathname: string): boolean {
  return JSON_PATH.test(pathname) && ENCODED_BREAK.test(pathname);
}

export interface BodyLimits {
  /** Forms and JSON. */
  body: number;
  /** The profile picture upload. */
  upload: number;
}

const UPLOAD_PATHS = /^(?:\/(?:en|zh))?\/dashboard\/profile\/?$|^\/api\/auth\/(?:profile-picture|filepond-upload)\/?$/;

/**
 * The company feed and dump forms and their JSON API, which take lists of up to 100,000 company ids: in the
 * company area, in the admin panel's company sections, and the admin JSON API of company feeds and dumps.
 */
const ID_LIST_PATHS =
  /^(?:\/(?:en|zh))?\/dashboard\/(?:corp|admin\/company-(?:feeds|dumps))\/(?:create-feed|create-dump|edit-feed\/[^/]+)\/?$|^\/api\/(?:corp-(?:feed|feed\/edit|feed\/preview|dump|dump\/preview)|admin\/company-(?:feeds|feed|dumps))\/?$/;

/** 100,000 ids of up to 64 characters with their separators, as form text or a JSON array. */
export const ID_LIST_BODY_BYTES = 8 * 1024 * 1024;

/** The largest body a path accepts: the picture upload and the long id lists get more room than other forms and JSON. */
export function bodyLimitFor(pathname: string, limits: BodyLimits): number {
  if (UPLOAD_PATHS.test(pathname)) return limits.upload;
  if (ID_LIST_PATHS.test(pathname)) return Math.max(limits.body, ID_LIST_BODY_BYTES);
  return limits.body;
}

/** The declared body size is over the limit (a missing or malformed length is counted while streaming). */
export function declaresTooLargeBody(contentLength: string | undefined, limit: number): boolean {
  if (contentLength === undefined || !/^\d+$/.test(contentLength)) return false;
  return Number(contentLength) > limit;
}

/** What Google reCAPTCHA loads: its scripts, and the frames of its widget and challenge. */
const RECAPTCHA_SCRIPTS = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
const RECAPTCHA_FRAMES = "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";

/**
 * Scripts only from this site or with the page's nonce; styles inline too (Mantine and shiki emit them). Google's
 * reCAPTCHA hosts are admitted only while reCAPTCHA is configured.
 */
export function documentSecurityPolicy(nonce: string, { recaptcha = false }: { recaptcha?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${recaptcha ? ` ${RECAPTCHA_SCRIPTS}` : ""}`,
    ...(recaptcha ? [`frame-src ${RECAPTCHA_FRAMES}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Responses that are not pages (JSON, files, error answers) may run nothing and be framed by no one. */
export const RESOURCE_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers every response carries; HSTS only where the portal is served over https. */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (publicUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** A request that carries credentials gets an answer no shared cache may keep. */
export function carriesCredentials(cookieHeader: string | undefined, authorization: string | undefined): boolean {
  return Boolean(authorization) || /(?:^|;\s*)token=/.test(cookieHeader ?? "");
}

/** A page's own Cache-Control stays when it already keeps the answer private; otherwise no-store. */
export function privateCacheControl(existing: string | undefined): string {
  return existing && /\b(?:private|no-store)\b/.test(existing) ? existing : "private, no-store";
}
