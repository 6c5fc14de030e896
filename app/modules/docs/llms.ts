/**
 * /llms.txt and /llms-full.txt (https://llmstxt.org): the documentation for coding assistants. The index lists
 * every set's pages as links to their markdown; the full text holds every English page and each set's reference.
 */
import { splitTitle } from "~/modules/content/markdown-title";
import { inlineCode, markdownLink, oneLine, operationSection, type OperationReference, type ReferenceLabels } from "./llms-markdown";

const portalName = "Data API Developer Portal";

const summary =
  "Documentation of eight financial and economic data APIs: macroeconomic time series (with a free sandbox), company data (v1 and v2), " +
  "documents and news, M&A deal watch, fund flows and real-estate intelligence. Each set has guides with runnable samples, " +
  "an API reference generated from its specification, and the specification itself to download.";

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
export function llmsIndex(origin: string, sets: readonly LlmsSet[]): string {
  const site = origin.replace(/\/+$/, "");
  const sections = sets.map((set) =>
    [`## ${oneLine(set.title)}`, [...set.pages, ...set.reference, ...set.downloads].map(entryLine).join("\n")].join("\n\n"),
  );
  return `${[
    `# ${portalName}`,
    `> ${summary}`,
    `Every page linked below is markdown. Any documentation page is served as markdown too: add \`.md\` to its path ` +
      `(a set's overview: ${site}/docs/econ/macroeconomic.md) or send \`Accept: text/markdown\`. Chinese pages are under ` +
      `\`/zh\` (${site}/zh/docs/econ/macroeconomic.md). Every English page and each set's API reference in one file: ${site}/llms-full.txt`,
    ...sections,
  ].join("\n\n")}\n`;
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
  for (const match of head.matchAll(/[.!?](?=\s)/g)) {
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
  const description = shorten(firstParagraph(markdown)).replace(/:$/, ".");
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
export function setReferenceMarkdown(reference: SetReference, labels: ReferenceLabels): string {
  const auth = `the API key in the ${inlineCode(reference.auth.name)} ${reference.auth.in === "query" ? "query parameter" : "header"}`;
  const tags = reference.tags.map((tag) =>
    [
      `## ${markdownLink(tag.label, tag.url)}`,
      ...(tag.description.trim() ? [tag.description.trim()] : []),
      ...tag.operations.map(({ operation, url }) => operationSection(operation, labels, 3, url).trimEnd()),
    ].join("\n\n"),
  );
  return `${[
    `# ${oneLine(reference.title)}: API reference`,
    `Source: ${reference.source}`,
    `Base URL: ${inlineCode(reference.baseUrl)}. Authentication: ${auth}.`,
    ...tags,
  ].join("\n\n")}\n`;
}

/** One page of the full text: `# {title}`, `Source: {url}`, then its markdown without its own title. */
export function fullTextPage(page: { title: string; url: string; markdown: string }): string {
  return `# ${oneLine(page.title)}\n\nSource: ${page.url}\n\n${splitTitle(page.markdown).body.trim()}\n`;
}

/** llms-full.txt: a short head, then per set its heading, its pages and its reference. */
export function llmsFullText(
  origin: string,
  sets: readonly { title: string; url: string; pages: readonly string[]; reference: string }[],
): string {
  const site = origin.replace(/\/+$/, "");
  const head = [
    `# ${portalName}: the complete documentation`,
    `> ${summary}`,
    `Index: ${site}/llms.txt. Every guide below is also served on its own as markdown: add \`.md\` to the path of its Source address.`,
  ].join("\n\n");
  const parts = sets.flatMap((set) => [
    `# ${oneLine(set.title)}\n\nThe guides of the ${oneLine(set.title)} documentation (${set.url}), then its API reference.\n`,
    ...set.pages,
    set.reference,
  ]);
  return `${[head, ...parts.map((part) => part.trim())].join("\n\n---\n\n")}\n`;
}
