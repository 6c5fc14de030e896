/**
 * /llms.txt and /llms-full.txt (https://llmstxt.org): the documentation for coding assistants, and /zh/llms.txt and
 * /zh/llms-full.txt in Chinese. The index lists every set's pages as links to their markdown; the full text holds
 * every page of the language and each set's reference.
 */
import { splitTitle } from "~/modules/content/markdown-title";
import type { Language } from "~/modules/i18n/language";
import { inlineCode, markdownLink, oneLine, operationSection, type OperationReference, type ReferenceLabels } from "./llms-markdown";

/** The texts of the index and the full text in each language; `site` is the portal's origin. */
export interface LlmsWording {
  portalName: string;
  summary: string;
  markdownNote: (site: string) => string;
  fullTitle: string;
  fullNote: (site: string) => string;
  setLead: (title: string, url: string) => string;
  referenceTitle: (title: string) => string;
  source: (url: string) => string;
  baseUrl: (baseUrl: string, auth: { in: "query" | "header"; name: string }) => string;
  tagEntry: (count: number, description: string) => string;
  modelsEntry: (count: number) => string;
  responsesEntry: string;
  postmanEntry: (count: number) => string;
  specificationTitle: (name: string) => string;
  specificationEntry: (title: string, version: string, format: string) => string;
}

export const llmsWording: Record<Language, LlmsWording> = {
  en: {
    portalName: "Data API Developer Portal",
    summary:
      "Documentation of eight financial and economic data APIs: macroeconomic time series (with a free sandbox), company data (v1 and v2), " +
      "documents and news, M&A deal watch, fund flows and real-estate intelligence. Each set has guides with runnable samples, " +
      "an API reference generated from its specification, and the specification itself to download.",
    markdownNote: (site) =>
      `Every page linked below is markdown. Any documentation page is served as markdown too: add \`.md\` to its path ` +
      `(a set's overview: ${site}/docs/econ/macroeconomic.md) or send \`Accept: text/markdown\`. Chinese pages are under ` +
      `\`/zh\` (${site}/zh/docs/econ/macroeconomic.md), indexed at ${site}/zh/llms.txt. ` +
      `Every English page and each set's API reference in one file: ${site}/llms-full.txt`,
    fullTitle: "Data API Developer Portal: the complete documentation",
    fullNote: (site) =>
      `Index: ${site}/llms.txt. Every guide below is also served on its own as markdown: add \`.md\` to the path of its Source address.`,
    setLead: (title, url) => `The guides of the ${title} documentation (${url}), then its API reference.`,
    referenceTitle: (title) => `${title}: API reference`,
    source: (url) => `Source: ${url}`,
    baseUrl: (baseUrl, auth) =>
      `Base URL: ${inlineCode(baseUrl)}. Authentication: the API key in the ${inlineCode(auth.name)} ${auth.in === "query" ? "query parameter" : "header"}.`,
    tagEntry: (count, description) =>
      `API reference, ${count} ${count === 1 ? "operation" : "operations"}${description ? `: ${description}` : "."}`,
    modelsEntry: (count) => `The ${count} data models of the API's requests and responses, field by field.`,
    responsesEntry: "The HTTP status codes the API answers and the shape of its errors.",
    postmanEntry: (count) => `Every operation as a Postman request, ${count} in all, and how to import the collection.`,
    specificationTitle: (name) => `${name} specification`,
    specificationEntry: (title, version, format) => `The ${title} specification, version ${version}, as ${format} JSON.`,
  },
  zh: {
    portalName: "数据 API 开发者门户",
    summary:
      "八个金融与经济数据 API 的文档：宏观经济时间序列（含免费沙盒）、公司数据（v1 和 v2）、文档与新闻、并购交易、基金流向和房地产情报。" +
      "每个文档集都有附带可运行示例的指南、根据其规范生成的 API 参考，以及可供下载的规范本身。",
    markdownNote: (site) =>
      `下面链接的每个页面都是 markdown。任何文档页面也都以 markdown 提供：在其路径后加上 \`.md\`` +
      `（例如某个文档集的概览：${site}/zh/docs/econ/macroeconomic.md），或发送 \`Accept: text/markdown\`。` +
      `英文页面的路径不带 \`/zh\`（${site}/docs/econ/macroeconomic.md），其索引见 ${site}/llms.txt。` +
      `全部中文页面及各文档集的 API 参考合为一个文件：${site}/zh/llms-full.txt`,
    fullTitle: "数据 API 开发者门户：完整文档",
    fullNote: (site) => `索引：${site}/zh/llms.txt。下面每篇指南也单独以 markdown 提供：在其来源地址的路径后加上 \`.md\`。`,
    setLead: (title, url) => `${title} 文档（${url}）的指南，随后是其 API 参考。`,
    referenceTitle: (title) => `${title}：API 参考`,
    source: (url) => `来源：${url}`,
    baseUrl: (baseUrl, auth) =>
      `基础 URL：${inlineCode(baseUrl)}。认证：在 ${inlineCode(auth.name)} ${auth.in === "query" ? "查询参数" : "请求头"}中携带 API 密钥。`,
    tagEntry: (count, description) => `API 参考，${count} 个操作${description ? `：${description}` : "。"}`,
    modelsEntry: (count) => `API 请求和响应的 ${count} 个数据模型，逐字段说明。`,
    responsesEntry: "API 返回的 HTTP 状态码及错误的结构。",
    postmanEntry: (count) => `每个操作都是一个 Postman 请求，共 ${count} 个，以及如何导入该集合。`,
    specificationTitle: (name) => `${name} 规范`,
    specificationEntry: (title, version, format) => `${title} 的规范，版本 ${version}，${format} JSON 格式。`,
  },
};

export interface LlmsEntry {
  title: string;
  url: string;
  description: string;
}

/** One documentation set in the index: its written pages, its reference pages and its specification downloads. */
export interface LlmsSet {
  title: string;
  pages: LlmsEntry[];
  reference: LlmsEntry[];
  downloads: LlmsEntry[];
}

const entryLine = (entry: LlmsEntry) =>
  `- ${markdownLink(entry.title, entry.url)}${entry.description ? `: ${oneLine(entry.description)}` : ""}`;

/** The llms.txt index: title, summary, how to read any page as markdown, then one section per set. */
export function llmsIndex(origin: string, sets: readonly LlmsSet[], wording = llmsWording.en): string {
  const site = origin.replace(/\/+$/, "");
  const sections = sets.map((set) =>
    [`## ${oneLine(set.title)}`, [...set.pages, ...set.reference, ...set.downloads].map(entryLine).join("\n")].join("\n\n"),
  );
  return `${[`# ${wording.portalName}`, `> ${wording.summary}`, wording.markdownNote(site), ...sections].join("\n\n")}\n`;
}

const abbreviation = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/i;

/** The first paragraph of prose of a page's markdown body (after its title), without its inline markup. */
export function firstParagraph(markdown: string): string {
  const { body } = splitTitle(markdown);
  let fence: string | null = null;
  const paragraph: string[] = [];
  for (const line of body.split("\n")) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    if (line.trim() === "") {
      if (paragraph.length > 0) break;
      continue;
    }
    // Headings, tables, lists, quotes, HTML and indented code are not the prose that says what a page is about.
    if (paragraph.length === 0 && /^(\s{4,}|\s*([#|<>]|[-*+]\s|\d+[.)]\s|!\[|\[[^\]]+\]:))/.test(line)) continue;
    paragraph.push(line.trim());
  }
  return oneLine(
    paragraph
      .join(" ")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\](?:\([^)]*\)|\[[^\]]*\])/g, "$1")
      .replace(/`+([^`]+?)`+/g, "$1")
      .replace(/(\*\*|__)(.+?)\1/g, "$2")
      .replace(/(^|[\s(])\*([^*\s][^*]*?)\*/g, "$1$2")
      .replace(/<[^>]+>/g, ""),
  );
}

/**
 * A one-line description out of a paragraph: whole when it is short, else up to the last sentence end that
 * fits, else cut at a word with an ellipsis.
 */
export function shorten(text: string, max = 160): string {
  const flat = oneLine(text);
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max + 1);
  let end = -1;
  // A Chinese sentence ends at its full-width mark, with no space after it.
  for (const match of head.matchAll(/[.!?](?=\s)|[。！？]/g)) {
    if (match.index >= 40 && !abbreviation.test(head.slice(0, match.index + 1))) end = match.index + 1;
  }
  if (end > 0) return head.slice(0, end);
  const space = head.lastIndexOf(" ", max - 1);
  return `${head.slice(0, space > 0 ? space : max - 1).replace(/[\s,;:]+$/, "")}…`;
}

/**
 * A written page's description in the index: its first paragraph, shortened (one that leads into a list ends
 * with a full stop instead), after the code language of a page in a language's section, whose title is the
 * same in every section.
 */
export function pageDescription(markdown: string, codeLanguage: string | null = null): string {
  const description = shorten(firstParagraph(markdown)).replace(/:$/, ".").replace(/：$/, "。");
  return codeLanguage && !splitTitle(markdown).title.includes(codeLanguage) ? `(${codeLanguage}) ${description}`.trim() : description;
}

export interface SetReference {
  title: string;
  /** Where the specification the reference is built from is published. */
  source: string;
  baseUrl: string;
  auth: { in: "query" | "header"; name: string };
  tags: { label: string; description: string; url: string; operations: { operation: OperationReference; url: string }[] }[];
}

/** A set's operations as a compact reference: per tag, each operation's signature, parameters and responses. */
export function setReferenceMarkdown(reference: SetReference, labels: ReferenceLabels, wording = llmsWording.en): string {
  const tags = reference.tags.map((tag) =>
    [
      `## ${markdownLink(tag.label, tag.url)}`,
      ...(tag.description.trim() ? [tag.description.trim()] : []),
      ...tag.operations.map(({ operation, url }) => operationSection(operation, labels, 3, url).trimEnd()),
    ].join("\n\n"),
  );
  return `${[
    `# ${wording.referenceTitle(oneLine(reference.title))}`,
    wording.source(reference.source),
    wording.baseUrl(reference.baseUrl, reference.auth),
    ...tags,
  ].join("\n\n")}\n`;
}

/** One page of the full text: `# {title}`, `Source: {url}`, then its markdown without its own title. */
export function fullTextPage(page: { title: string; url: string; markdown: string }, wording = llmsWording.en): string {
  return `# ${oneLine(page.title)}\n\n${wording.source(page.url)}\n\n${splitTitle(page.markdown).body.trim()}\n`;
}

/** llms-full.txt: a short head, then per set its heading, its pages and its reference. */
export function llmsFullText(
  origin: string,
  sets: readonly { title: string; url: string; pages: readonly string[]; reference: string }[],
  wording = llmsWording.en,
): string {
  const site = origin.replace(/\/+$/, "");
  const head = [`# ${wording.fullTitle}`, `> ${wording.summary}`, wording.fullNote(site)].join("\n\n");
  const parts = sets.flatMap((set) => [
    `# ${oneLine(set.title)}\n\n${wording.setLead(oneLine(set.title), set.url)}\n`,
    ...set.pages,
    set.reference,
  ]);
  return `${[head, ...parts.map((part) => part.trim())].join("\n\n---\n\n")}\n`;
}
