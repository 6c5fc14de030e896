import { hasControlCharacters } from "./control-characters";

/** The fallback and the target must stay on this site; the parse base only serves to compare origins. */
const BASE = "http://portal.invalid";

/** Control characters and backslashes are refused: browsers strip or reinterpret them, which turns "/\t/x" into "//x". */
function isSameSitePath(candidate: string): boolean {
  return candidate.startsWith("/") && !candidate.startsWith("//") && !candidate.includes("\\") && !hasControlCharacters(candidate);
}

/**
 * Every redirect target that comes from a request goes through here: a same-site path with its query and
 * fragment, or the fallback. Protocol-relative ("//x", "/\x", "/%09/x"), absolute and control-character
 * targets are refused, also when they only appear once percent-decoded.
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length > 2048 || !isSameSitePath(target)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (!isSameSitePath(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path taken from a URL the client sent: leading slashes collapse to one, so "//host/x" stays local. */
export function sameSitePath(pathname: string, search = ""): string {
  return safeRedirect(`${pathname.replace(/^\/+/, "/")}${search}`, "/");
}
