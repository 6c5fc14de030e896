import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const root = fileURLToPath(new URL("../../../", import.meta.url));

const glossarySchema = z.object({
  terms: z.array(z.object({ en: z.string().min(1), zh: z.string().min(1), wrong: z.array(z.string().min(1)), note: z.string() })).min(1),
});

const glossary = glossarySchema.parse(JSON.parse(readFileSync(join(root, "content/glossary/zh.json"), "utf8")));

/** Every Chinese written page: content/pages/<set>/zh/**.md, and the specification's release notes (*.zh.md). */
function chinesePages(): string[] {
  const pagesRoot = join(root, "content/pages");
  const notesRoot = join(root, "content/release-notes");
  const notes = readdirSync(notesRoot)
    .filter((name) => name.endsWith(".zh.md"))
    .map((name) => join(notesRoot, name));
  return readdirSync(pagesRoot, { withFileTypes: true })
    .filter((set) => set.isDirectory())
    .flatMap((set) => {
      const zh = join(pagesRoot, set.name, "zh");
      try {
        return readdirSync(zh, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(".md")).map((path) => join(zh, path));
      } catch {
        return [];
      }
    })
    .concat(notes);
}

/** Every Chinese text of the specifications (content/specs/zh/<set>.json): the texts and the tags' names. */
function specTranslationTexts(): { source: string; text: string }[] {
  const dir = join(root, "content/specs/zh");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => {
      const file = z.object({ texts: z.record(z.string()), tagNames: z.record(z.string()) }).parse(JSON.parse(readFileSync(join(dir, name), "utf8")));
      return Object.entries({ ...file.texts, ...Object.fromEntries(Object.entries(file.tagNames).map(([tag, text]) => [`tag ${tag}`, text])) }).map(
        ([key, text]) => ({ source: `content/specs/zh/${name} ${key}`, text }),
      );
    });
}

/** The page's prose: code blocks and code spans stay byte-identical to the English page, so they are not Chinese. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

describe("the Chinese glossary", () => {
  it("never lists a term's own translation as a wrong alternative", () => {
    const clashes = glossary.terms.flatMap((term) => term.wrong.filter((wrong) => wrong.includes(term.zh)).map((wrong) => `${term.en}: ${wrong}`));
    expect(clashes).toEqual([]);
  });

  it("is followed by every Chinese page: no page uses an alternative it lists as wrong", () => {
    const pages = chinesePages();
    expect(pages.length).toBeGreaterThan(0);
    const misuses = pages.flatMap((page) => {
      const prose = proseOf(readFileSync(page, "utf8"));
      return glossary.terms.flatMap((term) =>
        term.wrong.filter((wrong) => prose.includes(wrong)).map((wrong) => `${relative(root, page)}: “${wrong}” for ${term.en}, use “${term.zh}”`),
      );
    });
    expect(misuses).toEqual([]);
  });

  it("is followed by the specifications' Chinese texts: none uses an alternative it lists as wrong", () => {
    const texts = specTranslationTexts();
    expect(texts.length).toBeGreaterThan(0);
    const misuses = texts.flatMap(({ source, text }) =>
      glossary.terms.flatMap((term) => term.wrong.filter((wrong) => text.includes(wrong)).map((wrong) => `${source}: “${wrong}” for ${term.en}, use “${term.zh}”`)),
    );
    expect(misuses).toEqual([]);
  });
});
