import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { defaultLanguage, languageOfPath, languages } from "./language";

/** Server-side translator; the language is always the one the URL prefix names. */
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    findLocale: async (request) => languageOfPath(new URL(request.url).pathname),
  },
  i18next: i18nConfig,
});

export function getFixedT(request: Request) {
  return remixI18n.getFixedT(languageOfPath(new URL(request.url).pathname));
}
