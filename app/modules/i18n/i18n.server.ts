import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { apiLanguage, languageOfPath, type Language } from "./language";

const instances = new Map<Language, Promise<I18n>>();

/**
 * The server's i18next instance for a language, one per process: the strings are bundled and nothing on the
 * server changes an instance's language, so every request shares it (an instance per request was a tenth of a
 * signed-in page's time, issue 17). entry.server.tsx renders with it.
 */
export function serverI18n(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language })
      .then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

/** The translator of one language. */
export async function fixedT(language: Language): Promise<TFunction> {
  return (await serverI18n(language)).getFixedT(language);
}

/** Pages speak the language of their URL prefix; the JSON API the one asked for by ?lang= or Accept-Language. */
function requestLanguage(request: Request): Language {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return apiLanguage(url, request.headers.get("Accept-Language"));
  return languageOfPath(url.pathname);
}

/** Server-side translator of a request; the language is always the one the URL names. */
export function getFixedT(request: Request) {
  return fixedT(requestLanguage(request));
}
