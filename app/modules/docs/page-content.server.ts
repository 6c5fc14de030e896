import fs from "node:fs/promises";
import path from "node:path";
import type { Language } from "~/modules/i18n/language";
import { splitTitle } from "~/modules/content/markdown-title";
import { env, publicOrigin } from "~/modules/env/env.server";
import { docSets, type DocSetId } from "~/modules/registry/registry";
import { docSetPages, writtenPagePaths } from "./doc-pages";
import { getDocSetData } from "./routing-data.server";
import { supportPageMarkdown, supportPagePath, supportProductOfSet, type SupportProductCode } from "./support-resources";

/** A written page as markdown (SPEC.md section 3: "Page content: title and markdown content"). */
export interface PageContent {
  title: string;
  content: string;
  /** The language the markdown is written in: a page not yet translated is served in English. */
  language: Language;
}

interface Markdown {
  source: string;
  language: Language;
}

/**
 * content/{folder}/{lang}/{file}, in the language asked for or else in English (the page then says it is not
 * translated yet); an English page is never shown in another language. `root` is the content folder.
 */
export async function readInLanguage(
  language: Language,
  file: (lang: Language) => string,
  root = path.resolve("content"),
): Promise<Markdown | null> {
  for (const candidate of language === "en" ? (["en"] as const) : [language, "en" as const]) {
    try {
      return { source: await fs.readFile(path.join(root, file(candidate)), "utf8"), language: candidate };
    } catch {
      // not written in this language: try the next
    }
  }
  return null;
}

function readMarkdown(set: DocSetId, language: Language, page: string): Promise<Markdown | null> {
  return readInLanguage(language, (lang) => path.join("pages", set, lang, `${page || "index"}.md`));
}

/** Every set's support-and-resources page is the language's template filled in for the set's product. */
async function supportPage(code: SupportProductCode, language: Language): Promise<Markdown | null> {
  const template = await readInLanguage(language, (lang) => path.join("templates", lang, "support-and-resources.md"));
  if (!template) return null;
  const contacts = { supportEmail: env.SUPPORT_EMAIL, statusUrl: env.STATUS_URL };
  return { source: supportPageMarkdown(template.source, code, template.language, contacts), language: template.language };
}

/**
 * The markdown of a written page of a set, null when the set has no such page or it has no content yet.
 * Pages one set shares with another (documents and deal watch authentication) are read from their owner;
 * support-and-resources is a template filled in for the set's product.
 */
export async function writtenPageContent(set: DocSetId, page: string, language: Language): Promise<PageContent | null> {
  const shared = docSetPages[set].sharedPages[page];
  const supportProduct = page === supportPagePath ? supportProductOfSet(set) : null;
  const found = supportProduct
    ? await supportPage(supportProduct, language)
    : shared
      ? await readMarkdown(shared.set, language, shared.page)
      : writtenPagePaths(set).includes(page)
        ? await readMarkdown(set, language, page)
        : null;
  if (!found) return null;
  const content = await withBaseUrlsInForce(found.source);
  return { title: splitTitle(content).title, content, language: found.language };
}

/** How written pages name this portal's own address, e.g. to download a client from it. */
const portalPlaceholder = "https://portal.example.com";

/**
 * Samples are written against the specs' own base URLs (the ones a reader of any copy of a spec knows); the
 * reader is shown the ones in force, the portal's data API or the configured upstream, so they run as shown.
 * A page may name other sets' APIs too (the company platform's key serves four sets). A set whose spec cannot
 * be loaded keeps its URL. The portal's own address is PUBLIC_URL.
 */
async function withBaseUrlsInForce(markdown: string): Promise<string> {
  const loaded = await Promise.all(docSets.map((docSet) => getDocSetData(docSet.id).catch(() => null)));
  const replacements = loaded.flatMap((set) =>
    set && set.specBaseUrl && set.specBaseUrl !== set.model.baseUrl ? [[set.specBaseUrl, set.model.baseUrl] as const] : [],
  );
  return replacements
    .sort(([a], [b]) => b.length - a.length)
    .reduce((text, [specBaseUrl, baseUrl]) => text.replaceAll(specBaseUrl, baseUrl), markdown)
    .replaceAll(portalPlaceholder, publicOrigin());
}
