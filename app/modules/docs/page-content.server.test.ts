import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readInLanguage, writtenPageContent } from "./page-content.server";

const root = mkdtempSync(path.join(tmpdir(), "page-content-"));
const page = (lang: string) => path.join("pages", "macroeconomic", lang, "guide.md");

function write(lang: string, text: string) {
  mkdirSync(path.join(root, "pages", "macroeconomic", lang), { recursive: true });
  writeFileSync(path.join(root, page(lang)), text);
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the untranslated-page fallback", () => {
  it("serves a page missing in Chinese in English, saying so by its language; a translated one in Chinese", async () => {
    expect(await readInLanguage("zh", page, root)).toBeNull();
    write("en", "# Guide\n\nEnglish.\n");
    expect(await readInLanguage("zh", page, root)).toEqual({ source: "# Guide\n\nEnglish.\n", language: "en" });
    write("zh", "# 指南\n\n中文。\n");
    expect(await readInLanguage("zh", page, root)).toEqual({ source: "# 指南\n\n中文。\n", language: "zh" });
    expect(await readInLanguage("en", page, root)).toEqual({ source: "# Guide\n\nEnglish.\n", language: "en" });
  });

  it("never shows a page written only in Chinese to an English reader", async () => {
    const only = (lang: string) => path.join("pages", "sandbox", lang, "only-zh.md");
    mkdirSync(path.join(root, "pages", "sandbox", "zh"), { recursive: true });
    writeFileSync(path.join(root, only("zh")), "# 仅中文\n");
    expect(await readInLanguage("en", only, root)).toBeNull();
  });

  it("reports the language it read a shipped page in, which the page's untranslated notice compares with the reader's", async () => {
    expect(await writtenPageContent("macroeconomic", "getting-started/authentication", "zh")).toMatchObject({ language: "zh" });
    expect(await writtenPageContent("macroeconomic", "getting-started/authentication", "en")).toMatchObject({ language: "en" });
  });
});
