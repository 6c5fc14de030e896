import type { BackendModule, ReadCallback } from "i18next";
import type { Translation } from "~/locales/translation";
import { isLanguage, type Language } from "./language";

/** One chunk per language, so a page downloads only the strings of its own language. */
const loaders: Record<Language, () => Promise<{ default: Translation }>> = {
  en: () => import("~/locales/en"),
  zh: () => import("~/locales/zh"),
};

/** An i18next backend that reads the interface strings of a language from its chunk, when i18next first needs them. */
export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (namespace !== "translation" || !isLanguage(language)) {
      callback(new Error(`No interface strings for ${language}/${namespace}`), false);
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
