import { isPlatform, platforms, type Platform } from "~/modules/registry/registry";

/** Random bytes after an API key's platform prefix (econ_…). */
export const API_KEY_RANDOM_BYTES = 24;
/** Random bytes of a session id; its token is the id and the id's HMAC-SHA256, joined by a dot. */
export const SESSION_ID_BYTES = 32;
const HMAC_SHA256_BYTES = 32;

/** Unpadded base64url of this many bytes. */
function base64url(bytes: number): string {
  return `[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}`;
}

const apiKeyPattern = new RegExp(`^(${platforms.join("|")})_${base64url(API_KEY_RANDOM_BYTES)}$`);
const sessionTokenPattern = new RegExp(`^${base64url(SESSION_ID_BYTES)}\\.${base64url(HMAC_SHA256_BYTES)}$`);

export type TokenShape = { kind: "api-key"; platform: Platform } | { kind: "session" };

/** Which of our tokens this has the shape of: an API key (and of which platform), a session token, or none. */
export function classifyToken(token: string): TokenShape | null {
  const platform = apiKeyPattern.exec(token)?.[1];
  if (isPlatform(platform)) return { kind: "api-key", platform };
  return sessionTokenPattern.test(token) ? { kind: "session" } : null;
}

/** The first and last characters of a key or token, to name it without showing it. */
export function tokenHint(token: string): string {
  return `${token.slice(0, 9)}…${token.slice(-4)}`;
}
