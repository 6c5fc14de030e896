/**
 * The reader's language of code samples (curl, Python, JavaScript, PHP, R): chosen from the tabs of an operation
 * page or a guide, kept in a plain cookie so that it carries across pages with and without JavaScript. The server
 * reads it to render the chosen tab, the page cache keeps one copy per choice (page-cache.ts), and the docs page's
 * script writes it. Relative imports only: docs-page.browser.ts bundles this file.
 */

export const codeLanguages = ["curl", "python", "javascript", "php", "r"] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

const CODE_LANGUAGE_COOKIE = "code_language";

/** A year: a preference, not a secret. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const codeLanguageNames: Record<CodeLanguage, string> = {
  curl: "curl",
  python: "Python",
  javascript: "JavaScript",
  php: "PHP",
  r: "R",
};

export function isCodeLanguage(value: unknown): value is CodeLanguage {
  return typeof value === "string" && (codeLanguages as readonly string[]).includes(value);
}

function cookiePairs(header: string | null | undefined): [string, string][] {
  return (header ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals < 0 ? [pair, ""] : [pair.slice(0, equals).trim(), pair.slice(equals + 1).trim()];
    });
}

/** The language a Cookie header (or document.cookie) chose, or null when it chose none or one we do not have. */
export function codeLanguageOfCookies(header: string | null | undefined): CodeLanguage | null {
  const value = cookiePairs(header).find(([name]) => name === CODE_LANGUAGE_COOKIE)?.[1];
  return isCodeLanguage(value) ? value : null;
}

/**
 * The language of a Cookie header that holds nothing else than a valid choice, or null: such a reader is still
 * anonymous, and the page cache may answer them from the copy kept for that choice.
 */
export function codeLanguageAlone(header: string | null | undefined): CodeLanguage | null {
  const pairs = cookiePairs(header);
  return pairs.length === 1 ? codeLanguageOfCookies(header) : null;
}

/** The cookie that keeps a choice, for a Set-Cookie header or document.cookie; readable by the page's script. */
export function codeLanguageCookie(language: CodeLanguage, secure: boolean): string {
  return `${CODE_LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The tab a group of samples shows: the reader's choice where the group has it, else its first. */
export function shownLanguage<L extends string>(available: readonly L[], chosen: string | null | undefined): L | undefined {
  return available.find((language) => language === chosen) ?? available[0];
}

/** Where the tab form returns to: a path on this site only, never another origin (`//host`, `/\host`). */
export function isLocalReturnPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\r\n]/.test(value);
}
