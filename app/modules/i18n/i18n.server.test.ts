import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import zhStrings from "~/locales/zh";
import { i18nConfig } from "./i18n";
import { fixedT, rememberPlainStrings, serverI18n } from "./i18n.server";
import { languages } from "./language";

/** Every dotted key of a locale object. */
function keysOf(strings: object, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([name, value]) =>
    typeof value === "object" && value !== null ? keysOf(value, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

async function plainInstance(language: string) {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: language });
  return instance;
}

describe("the server's translators", () => {
  it.each(languages)("answer every %s string as i18next does, the first time and again", async (language) => {
    const plain = (await plainInstance(language)).getFixedT(language);
    const t = await fixedT(language);
    const keys = keysOf(en);
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      expect(t(key)).toBe(plain(key));
      expect(t(key)).toBe(plain(key));
    }
  });

  it("still interpolate, count and fall back", async () => {
    const instance = rememberPlainStrings(await plainInstance("en"));
    instance.addResource("en", "translation", "test.greeting", "Hello {{name}}");
    instance.addResource("en", "translation", "test.item_one", "{{count}} item");
    instance.addResource("en", "translation", "test.item_other", "{{count}} items");
    expect(instance.t("test.greeting", { name: "Ada" })).toBe("Hello Ada");
    expect(instance.t("test.greeting", { name: "Grace" })).toBe("Hello Grace");
    expect(instance.t("test.item", { count: 1 })).toBe("1 item");
    expect(instance.t("test.item", { count: 3 })).toBe("3 items");
    expect(instance.t("test.missing")).toBe("test.missing");
    expect(instance.t("test.missing", { defaultValue: "Fallback" })).toBe("Fallback");
  });

  it("keep languages and key prefixes apart", async () => {
    const zh = (await serverI18n("zh")).getFixedT("zh");
    const enT = (await serverI18n("en")).getFixedT("en");
    expect(zh("nav.home")).toBe(zhStrings.nav.home);
    expect(enT("nav.home")).toBe(en.nav.home);
    expect((await serverI18n("en")).getFixedT("en", null, "nav")("home")).toBe(en.nav.home);
    expect((await serverI18n("zh")).getFixedT("zh", null, "nav")("home")).toBe(zhStrings.nav.home);
  });
});
