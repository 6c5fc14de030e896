import en from "~/locales/en";
import zh from "~/locales/zh";
import { defaultLanguage, languages } from "./language";

/** i18next options shared by the server and the browser. */
export const i18nOptions = {
  supportedLngs: [...languages],
  fallbackLng: defaultLanguage,
  defaultNS: "translation",
  interpolation: { escapeValue: false },
};

/** The server and the mails bundle both languages; the browser loads the language of its page only (locale-backend.ts). */
export const i18nConfig = { ...i18nOptions, resources: { en: { translation: en }, zh: { translation: zh } } };
