import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import zh from "~/locales/zh";
import { i18nOptions } from "./i18n";
import { localeBackend } from "./locale-backend";

function read(language: string, namespace: string) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) =>
    localeBackend.read(language, namespace, (error, data) => resolve({ error, data })),
  );
}

describe("the browser's interface strings", () => {
  it("reads each language from its own chunk", async () => {
    expect(await read("zh", "translation")).toEqual({ error: null, data: zh });
    expect(await read("en", "translation")).toEqual({ error: null, data: en });
  });

  it("refuses a language or namespace the portal does not have", async () => {
    expect((await read("fr", "translation")).error).toBeInstanceOf(Error);
    expect((await read("en", "other")).error).toBeInstanceOf(Error);
  });

  it("gives i18next the page's language only, as the browser starts it", async () => {
    const i18n = i18next.createInstance();
    await i18n.use(localeBackend).init({ ...i18nOptions, fallbackLng: false, lng: "zh" });
    expect(i18n.t("nav.home")).toBe(zh.nav.home);
    expect(i18n.hasResourceBundle("en", "translation")).toBe(false);
    await i18n.changeLanguage("en");
    expect(i18n.t("nav.home")).toBe(en.nav.home);
  });
});
