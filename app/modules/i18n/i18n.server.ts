import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { apiLanguage, defaultLanguage, languageOfPath, languages, type Language } from "./language";

/** Server-side translator; the language is always the one the URL prefix names. */
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    findLocale: async (request) => languageOfPath(new URL(request.url).pathname),
  },
  i18next: i18nConfig,
});

/** Pages speak the language of their URL prefix; the JSON API the one asked for by ?lang= or Accept-Language. */
function requestLanguage(request: Request): Language {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return apiLanguage(url, request.headers.get("Accept-Language"));
  return languageOfPath(url.pathname);
}

export function getFixedT(request: Request) {
  return remixI18n.getFixedT(requestLanguage(request));
}
