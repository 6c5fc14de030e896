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

const REDACTED = "[redacted]";

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

/**
 * A parameter's name followed by `=`, at the start or after a query, fragment or path separator, a space or
 * another `=` (a value may hold another address). The value is not part of the match: it is measured only
 * for secret names, so the whole pass stays linear in the text's length.
 */
const PARAMETER_NAME = /(?<![^?&#;/\s=])([^=&?#;/\s"'<>]+)=/g;
/** A value runs to the next parameter, the fragment, a space or a quote. */
const VALUE_END = /[&#\s"'<>]/g;

function redactParameters(text: string): string {
  let redacted = "";
  let copied = 0;
  for (const match of text.matchAll(PARAMETER_NAME)) {
    if (match.index < copied || !SECRET_PARAMETERS.has(parameterName(match[1]!))) continue;
    const valueStart = match.index + match[0].length;
    VALUE_END.lastIndex = valueStart;
    const valueEnd = VALUE_END.exec(text)?.index ?? text.length;
    if (valueEnd === valueStart) continue;
    redacted += `${text.slice(copied, valueStart)}${REDACTED}`;
    copied = valueEnd;
  }
  return redacted + text.slice(copied);
}

/** One character as a route still matches it: in any case (the flag) or percent-encoded. */
function loosely(text: string): string {
  return [...text].map((character) => `(?:${character}|%${character.charCodeAt(0).toString(16)})`).join("");
}

/** A slash as routes read it: backslashes become slashes, and encoded ones are kept in the log. */
const SLASH = "(?:[/\\\\]|%2f|%5c)";
const SLASHES = `${SLASH}+`;

/**
 * Reset, invitation and sandbox access links carry their token in the path, under /zh too. The link starts at one slash, not
 * a run of them, so a path of many slashes costs no more than its length.
 */
const LINK_PREFIX = [
  loosely("reset-password"),
  loosely("invitation"),
  [loosely("api-products"), loosely("econ"), loosely("sandbox")].join(SLASHES),
].join("|");
const LINK_PATH = new RegExp(`(${SLASH}(?:${LINK_PREFIX})${SLASHES})[^?#&\\s"'<>]+`, "gi");

/**
 * Our keys by their shape, wherever they appear: API keys (econ_, corp_, intel_), sandbox trial keys (sbx_), fund
 * flows' session tokens (ffs_), admin API keys (adk_) and web session tokens (two base64url parts of 43 characters). A hint such as
 * `econ_4oyu…8tdb` is too short to match and stays readable.
 */
const KEY_SHAPE = new RegExp(`(${[...platforms, "sbx", "ffs", "adk"].join("|")})_[A-Za-z0-9_-]{16,}`, "g");
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
