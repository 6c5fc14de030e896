import { platforms } from "~/modules/registry/registry";

/**
 * Keeps credentials out of what the portal writes down or shows to admins: the access log, incident rows (path,
 * query, message, stack trace), pipeline incidents, errors printed to the console and security mails in the outbox.
 * The one place that knows what a secret in a URL or a message looks like; every writer passes its text through
 * redactSecrets.
 */

/**
 * Query parameters that carry credentials, by lower-case name: `token` and `Authorization` (what the specifications'
 * security schemes name) and the names clients commonly use for a key or a password.
 */
export const SECRET_PARAMETERS: ReadonlySet<string> = new Set([
  "token",
  "apikey",
  "api_key",
  "api-key",
  "key",
  "password",
  "authorization",
  "access_token",
]);

export const REDACTED = "[redacted]";

/** A parameter's name as a server reads it: percent-decoded, `+` as a space, in any case. */
function parameterName(raw: string): string {
  const spaced = raw.replace(/\+/g, " ");
  let decoded = spaced;
  try {
    decoded = decodeURIComponent(spaced);
  } catch {
    // A broken escape is kept as written: the server cannot read it as a known name either.
  }
  return decoded.trim().toLowerCase();
}

/** `name=value` after the start, a query, fragment or path separator or a space; the value runs to the next parameter. */
const PARAMETER = /(^|[?&#;/\s])([^=&?#;/\s"'<>]+)=([^&#\s"'<>]*)/g;

function redactParameters(text: string): string {
  return text.replace(PARAMETER, (whole, before: string, name: string, value: string) => {
    if (value === "") return whole;
    if (SECRET_PARAMETERS.has(parameterName(name))) return `${before}${name}=${REDACTED}`;
    // A value may hold another address with its own query (a redirectTo).
    const inner = redactParameters(value);
    return inner === value ? whole : `${before}${name}=${inner}`;
  });
}

/** One character as a route still matches it: in any case (the flag) or percent-encoded. */
function loosely(text: string): string {
  return [...text].map((character) => `(?:${character}|%${character.charCodeAt(0).toString(16)})`).join("");
}

/** Slashes as routes read them: backslashes become slashes, and encoded ones are kept in the log. */
const SEPARATOR = "(?:[/\\\\]|%2f|%5c)+";

/** Reset and sandbox access links carry their token in the path, under /zh too. */
const LINK_PREFIX = [loosely("reset-password"), [loosely("api-products"), loosely("econ"), loosely("sandbox")].join(SEPARATOR)].join("|");
const LINK_PATH = new RegExp(`(${SEPARATOR}(?:${LINK_PREFIX})${SEPARATOR})[^?#&\\s"'<>]+`, "gi");

/**
 * Our keys by their shape, wherever they appear: API keys (econ_, corp_, intel_), sandbox trial keys (sbx_), fund
 * flows' session tokens (ffs_) and web session tokens (two base64url parts of 43 characters). A hint such as
 * `econ_4oyu…8tdb` is too short to match and stays readable.
 */
const KEY_SHAPE = new RegExp(`(${[...platforms, "sbx", "ffs"].join("|")})_[A-Za-z0-9_-]{16,}`, "g");
const SESSION_SHAPE = /[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}/g;

/**
 * The text with every credential replaced by [redacted]: the values of secret query parameters (any case, even
 * percent-encoded names), the tokens of reset and sandbox access links, and anything shaped like one of our keys.
 * Takes a URL, a query string, a message or a stack trace alike; applying it twice changes nothing more.
 */
export function redactSecrets(text: string): string {
  return redactParameters(text.replace(LINK_PATH, `$1${REDACTED}`))
    .replace(KEY_SHAPE, `$1_${REDACTED}`)
    .replace(SESSION_SHAPE, REDACTED);
}
