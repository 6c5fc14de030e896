import en from "~/locales/en";
import zh from "~/locales/zh";
import { defaultLanguage, languages } from "./language";

/** i18next options shared by the server and the browser; both languages are bundled. */
export const i18nConfig = {
  supportedLngs: [...languages],
  fallbackLng: defaultLanguage,
  defaultNS: "translation",
  resources: { en: { translation: en }, zh: { translation: zh } },
  interpolation: { escapeValue: false },
};
