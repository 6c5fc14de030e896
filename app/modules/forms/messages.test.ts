import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/modules/i18n/i18n";
import { decodeMessage, encodeMessage, translateErrors, translateMessage } from "./messages";

describe("validation messages", () => {
  it("round-trips a key with values", () => {
    const encoded = encodeMessage("validation.tooLong", { max: 100 });
    expect(encoded).toBe("validation.tooLong|max=100");
    expect(decodeMessage(encoded)).toEqual({ key: "validation.tooLong", values: { max: "100" } });
  });

  it("translates into both languages", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ ...i18nConfig, lng: "en" });
    expect(translateMessage(i18n.getFixedT("en"), "validation.tooLong|max=100")).toBe("Please use at most 100 characters.");
    expect(translateMessage(i18n.getFixedT("zh"), "validation.required")).toBe("请填写此字段。");
    expect(translateErrors(i18n.getFixedT("en"), { name: "validation.required" })).toEqual({
      name: "Please fill out this field.",
    });
  });
});
