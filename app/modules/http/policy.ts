/**
 * The HTTP rules every request passes before the app sees it (server.server.ts applies them): which
 * requests are cross-site, how large a body may be, and the headers every response carries. Pure, so
 * each rule is tested on its own.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
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
