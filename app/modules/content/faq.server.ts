import fs from "node:fs/promises";
import path from "node:path";
import type { Language } from "~/modules/i18n/language";
import { renderMarkdown } from "./markdown.server";

export interface FaqTopic {
  title: string;
  html: string;
}

/**
 * content/faq/{lang}.md: each "## " heading is one of the four topics, each "### " a question. Links in
 * the answers get the page's language prefix.
 */
export async function readFaq(language: Language, prefix: Language | null): Promise<FaqTopic[]> {
  const source = await fs.readFile(path.resolve("content", "faq", `${language}.md`), "utf8");
  const topics = source.split(/^## /m).filter((part) => part.trim());
  return Promise.all(
    topics.map(async (part) => {
      const [title = "", ...body] = part.split("\n");
      return { title: title.trim(), html: (await renderMarkdown(body.join("\n"), { linkLanguage: prefix })).html };
    }),
  );
}
