import fs from "node:fs/promises";
import path from "node:path";
import { splitLanguagePrefix, type Language } from "~/modules/i18n/language";
import { renderMarkdown } from "./markdown.server";

const legalPages = [
  { slug: "terms", titleKey: "terms" },
  { slug: "privacy-policy", titleKey: "privacy" },
  { slug: "cookie-policy", titleKey: "cookies" },
] as const;

export type LegalPage = (typeof legalPages)[number];

export function legalPageFromPath(pathname: string): LegalPage | undefined {
  const slug = splitLanguagePrefix(pathname).path.replace(/\/+$/, "").slice(1);
  return legalPages.find((page) => page.slug === slug);
}

/** Reads content/legal/{lang}/{slug}.md; its first line "Updated: YYYY-MM-DD" is shown under the title. */
export async function readLegalPage(page: LegalPage, language: Language): Promise<{ html: string; updated: string }> {
  const file = path.resolve("content", "legal", language, `${page.slug}.md`);
  const source = await fs.readFile(file, "utf8");
  const [first = "", ...rest] = source.split("\n");
  const updated = /^Updated: (\S+)/.exec(first)?.[1] ?? "";
  return { html: (await renderMarkdown(updated ? rest.join("\n") : source, { linkLanguage: language === "en" ? null : language })).html, updated };
}
