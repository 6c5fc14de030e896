import { sameSitePath } from "~/modules/url/safe-redirect";

/** Language prefixes: every route may start with /en or /zh; no prefix means English. */

export const languages = ["en", "zh"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** How a page names its language: `<html lang>`, and the hreflang of its alternates in the head and the sitemap. */
export const languageTags: Record<Language, string> = { en: "en", zh: "zh-CN" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** Splits `/zh/terms` into `{ prefix: "zh", path: "/terms" }`; a path without a prefix keeps prefix null. */
export function splitLanguagePrefix(pathname: string): { prefix: Language | null; path: string } {
  const match = /^\/(en|zh)(?=\/|$)/.exec(pathname);
  if (!match) return { prefix: null, path: pathname || "/" };
  const rest = pathname.slice(match[0].length);
  return { prefix: match[1] as Language, path: rest === "" ? "/" : rest };
}

export function languageOfPath(pathname: string): Language {
  return splitLanguagePrefix(pathname).prefix ?? defaultLanguage;
}

/** Resources rather than pages (the JSON API, the data APIs, a set's downloads) have no language prefix. */
const resourcePath = /^\/(?:api|data-api)(?:[/?#]|$)|^\/docs\/[^/]+\/[^/]+\/downloads\//;

/** Gives an internal page path the language prefix the current page carries (none stays none). */
export function localizePath(path: string, prefix: Language | null): string {
  if (!prefix || !path.startsWith("/") || path.startsWith("//") || resourcePath.test(path)) return path;
  if (splitLanguagePrefix(path).prefix) return path;
  return path === "/" ? `/${prefix}` : `/${prefix}${path}`;
}

/** An internal path in the language prefix of the page a request was made from. */
export function localizePathFor(request: Request, path: string): string {
  return localizePath(path, splitLanguagePrefix(new URL(request.url).pathname).prefix);
}

/** The same page in another language: English is the unprefixed canonical URL. */
export function switchLanguagePath(pathname: string, search: string, target: Language): string {
  const { path } = splitLanguagePrefix(pathname);
  const localized = target === defaultLanguage ? path : localizePath(path, target);
  return `${localized}${search}`;
}

/**
 * `?lang=zh` asks for a language by query (SPEC.md section 2): the page is sent to its canonical URL in
 * that language, without the parameter. Unsupported values fall back to the page's own language (en by
 * default), so they need no redirect either.
 */
export function languageQueryRedirect(url: URL): string | null {
  const requested = url.searchParams.get("lang");
  if (requested === null) return null;
  const search = new URLSearchParams(url.searchParams);
  search.delete("lang");
  const query = search.size > 0 ? `?${search.toString()}` : "";
  const target = isLanguage(requested) ? requested : languageOfPath(url.pathname);
  return sameSitePath(switchLanguagePath(url.pathname, query, target));
}

/**
 * The language of a JSON API answer: `/api/*` has no prefix, so `?lang=` and then the client's
 * Accept-Language choose between en and zh (English by default).
 */
export function apiLanguage(url: URL, acceptLanguage: string | null): Language {
  const requested = url.searchParams.get("lang");
  if (isLanguage(requested)) return requested;
  const preferred = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const quality = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { primary: tag.split("-")[0], quality: Number.isNaN(quality) ? 0 : quality };
    })
    .filter((entry) => entry.quality > 0 && (entry.primary === "zh" || entry.primary === "en"))
    .sort((a, b) => b.quality - a.quality)[0];
  return preferred?.primary === "zh" ? "zh" : defaultLanguage;
}

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
