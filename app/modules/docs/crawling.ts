import {
  defaultLanguage,
  languages,
  languageTags,
  localizePath,
  splitLanguagePrefix,
  switchLanguagePath,
  type Language,
} from "~/modules/i18n/language";
import { SANDBOX_PRODUCT_PATH } from "~/modules/sandbox/sandbox-paths";

/**
 * What search engines are told about a page: whether it is for them at all, and its URL in each language.
 * English is the unprefixed canonical URL, Chinese lives under /zh; both name each other as alternates.
 */

/**
 * For one reader or for programs: the dashboard, reset, invitation, sandbox access and notification address
 * links, the JSON and data APIs.
 */
const privatePathPrefixes = [
  "/dashboard",
  "/reset-password",
  "/invitation/",
  `${SANDBOX_PRODUCT_PATH}/`,
  "/api/",
  "/data-api/",
  "/notification-address/",
] as const;

/** Every form a private prefix takes: as written, and under each language prefix (pages only: resources have none). */
export function privatePathRules(): string[] {
  const rules = privatePathPrefixes.flatMap((prefix) => [prefix, ...languages.map((language) => localizePath(prefix, language))]);
  return [...new Set(rules)];
}

export function isPrivatePath(pathname: string): boolean {
  const { path } = splitLanguagePrefix(pathname);
  return privatePathPrefixes.some((prefix) => path.startsWith(prefix));
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** A page (path with its query, in any language) at its absolute URL in a language. */
export function pageUrl(origin: string, path: string, language: Language): string {
  const [pathname = "/", query] = path.split(/\?(.*)/s);
  return `${origin.replace(/\/+$/, "")}${switchLanguagePath(pathname, query ? `?${query}` : "", language)}`;
}

/** The page in every language, and the default one for readers of any other (x-default); none for a private page. */
export function pageAlternates(origin: string, path: string): Alternate[] {
  if (isPrivatePath(path.split("?")[0] ?? "")) return [];
  return [
    ...languages.map((language) => ({ hreflang: languageTags[language], href: pageUrl(origin, path, language) })),
    { hreflang: "x-default", href: pageUrl(origin, path, defaultLanguage) },
  ];
}
