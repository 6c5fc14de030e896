import { Marked, type Token, type Tokens } from "marked";
import { createHighlighter, type Highlighter } from "shiki";
import { codeLanguageNames, codeLanguages, isCodeLanguage, type CodeLanguage } from "./code-language";
import { localizePath, type Language } from "~/modules/i18n/language";
import { dashboardLink, type DashboardLinks } from "./dashboard-links";
import { splitTitle } from "./markdown-title";
import { sanitizeMarkdownHtml } from "./safe-html.server";

const languages = ["python", "javascript", "typescript", "php", "r", "bash", "shell", "json", "xml", "http"];

/** One highlighter per process: creating it loads grammars and is slow. */
let highlighter: Promise<Highlighter> | undefined;
function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: ["github-light"], langs: languages });
  return highlighter;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * "Search 100 series!" -> "search-100-series" for heading anchors. An id must not start with a digit (a CSS
 * selector cannot name it, and html-validate refuses it): "1. Accounts" -> "section-1-accounts".
 */
export function headingId(text: string): string {
  const id = text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[#a-z0-9]+;/gi, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
  return /^[\p{N}-]|^$/u.test(id) ? `section-${id}` : id;
}

/**
 * Every table of sanitized HTML in the scroll box `TableScroll` draws (components/layout/table-scroll.tsx): a wide
 * table scrolls inside it instead of making the page wider than a phone. After sanitizing, so the policy need not
 * allow the box, and safe on its output: there `<table` and `</table>` are only ever tags.
 */
function wrapTables(html: string): string {
  return html.replace(/<table[\s>]/g, '<div class="table-scroll" tabindex="0">$&').replace(/<\/table>/g, "</table></div>");
}

export interface RenderedMarkdown {
  title: string;
  html: string;
}

export interface RenderOptions {
  /** Internal links get this language prefix, so a Chinese page links to Chinese pages. */
  linkLanguage?: Language | null;
  /** The caption of an `output` block (what the sample before it prints), in the page's language. */
  outputCaption?: string;
  /** Links into the dashboard go through sign-in for a reader who is signed out. */
  dashboardLinks?: DashboardLinks;
}

/** What a sample prints: plain text under a caption, without a copy button. */
function outputBlockHtml(code: string, caption: string): string {
  return `<div class="code-block code-output" data-language="output"><p class="code-caption">${escapeHtml(caption)}</p><pre class="shiki"><code>${escapeHtml(code)}</code></pre></div>`;
}

/** github-light's green, red, orange and comment grey fall below 4.5:1 on a grey code background: darker shades of them. */
const readableTokenColors = { "#22863a": "#207f37", "#d73a49": "#c23442", "#e36209": "#b64e07", "#6a737d": "#5f6770" };

function codeBlockHtml(shiki: Highlighter, code: string, lang: string | undefined): string {
  const language = lang && languages.includes(lang) ? lang : "text";
  const highlighted =
    language === "text"
      ? `<pre class="shiki"><code>${escapeHtml(code)}</code></pre>`
      : shiki.codeToHtml(code, { lang: language, theme: "github-light", colorReplacements: readableTokenColors });
  return `<div class="code-block" data-language="${escapeHtml(language)}"><button type="button" class="copy-code" aria-label="Copy code">Copy</button>${highlighted}</div>`;
}

/** A code block as the docs show it, straight from the code: highlighted by shiki, with a copy button. */
export async function highlightCode(code: string, lang: string): Promise<string> {
  return codeBlockHtml(await getHighlighter(), code, lang);
}

/** A piece of a rendered page: markdown as HTML, or the same sample in several languages, shown as tabs. */
export type MarkdownPart = { kind: "html"; html: string } | { kind: "tabs"; samples: { language: CodeLanguage; html: string }[] };

export interface RenderedMarkdownParts {
  title: string;
  parts: MarkdownPart[];
}

const SHELLS = new Set(["bash", "shell", "sh"]);

/** The tab a code block belongs in: its language, curl for a shell block that runs curl, else none. */
function tabLanguage(token: Token | undefined): CodeLanguage | null {
  if (token?.type !== "code") return null;
  const { lang, text } = token as Tokens.Code;
  if (lang && SHELLS.has(lang)) return /^\s*curl\s/.test(text) ? "curl" : null;
  return lang !== "curl" && isCodeLanguage(lang) ? lang : null;
}

const nextNonSpace = (tokens: Token[], index: number) => {
  let next = index;
  while (tokens[next]?.type === "space") next += 1;
  return next;
};

/**
 * A heading that only names a tab language ("### Python", "### curl") with a block of that language right under it
 * (under "curl", any shell block): the block and where it is. The tab then says what the heading said.
 */
function headedBlock(tokens: Token[], index: number): { language: CodeLanguage; at: number } | null {
  const heading = tokens[index];
  if (heading?.type !== "heading") return null;
  const name = (heading as Tokens.Heading).text.trim().toLowerCase();
  const named = codeLanguages.find((language) => codeLanguageNames[language].toLowerCase() === name);
  const at = nextNonSpace(tokens, index + 1);
  const block = tokens[at];
  if (!named || block?.type !== "code") return null;
  const { lang } = block as Tokens.Code;
  const language = named === "curl" && lang && SHELLS.has(lang) ? "curl" : tabLanguage(block);
  return language === named ? { language, at } : null;
}

/**
 * The samples that start at `start`: code blocks in different tab languages one after the other, each with the
 * `output` block after it and perhaps a heading naming its language before it; a group needs two languages.
 * Answers the group's blocks and where it ends.
 */
function sampleGroup(tokens: Token[], start: number): { entries: { language: CodeLanguage; tokens: Token[] }[]; end: number } {
  const entries: { language: CodeLanguage; tokens: Token[] }[] = [];
  let index = start;
  let end = start;
  for (;;) {
    const headed = headedBlock(tokens, index);
    const at = headed?.at ?? index;
    const language = headed?.language ?? tabLanguage(tokens[index]);
    if (!language || entries.some((entry) => entry.language === language)) break;
    const blocks = [tokens[at]!];
    let next = nextNonSpace(tokens, at + 1);
    const output = tokens[next];
    if (output?.type === "code" && (output as Tokens.Code).lang === "output") {
      blocks.push(output);
      next += 1;
    }
    entries.push({ language, tokens: blocks });
    end = next;
    index = nextNonSpace(tokens, next);
  }
  return { entries, end };
}

/**
 * Markdown to HTML on the server: highlighted code with a copy button, headings with anchors, tables. Raw HTML
 * and link schemes pass an allow-list, so content fetched from a configured source cannot run script. The same
 * sample written in several languages one after the other (curl, Python, JavaScript, PHP, R) comes out as one
 * part, which a docs page shows as tabs.
 */
export async function renderMarkdownParts(
  source: string,
  { linkLanguage = null, outputCaption = "Output", dashboardLinks = "direct" }: RenderOptions = {},
): Promise<RenderedMarkdownParts> {
  const shiki = await getHighlighter();
  const { title, body } = splitTitle(source);
  const marked = new Marked({
    gfm: true,
    renderer: {
      code({ text, lang }: Tokens.Code) {
        return lang === "output" ? outputBlockHtml(text, outputCaption) : codeBlockHtml(shiki, text, lang);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const id = headingId(inner);
        return `<h${depth} id="${id}"><a class="heading-anchor" href="#${id}" aria-hidden="true" tabindex="-1">#</a>${inner}</h${depth}>`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
        const external = /^https?:\/\//.test(href) ? ' target="_blank" rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(localizePath(dashboardLink(href, dashboardLinks), linkLanguage))}"${titleAttribute}${external}>${text}</a>`;
      },
    },
  });
  const tokens = marked.lexer(body);
  // Reference-style links resolve through the list's own map.
  const html = (slice: Token[]) => wrapTables(sanitizeMarkdownHtml(marked.parser(Object.assign(slice, { links: tokens.links }))));
  const parts: MarkdownPart[] = [];
  let pending: Token[] = [];
  let index = 0;
  while (index < tokens.length) {
    const group = sampleGroup(tokens, index);
    if (group.entries.length < 2) {
      pending.push(tokens[index]!);
      index += 1;
      continue;
    }
    if (pending.length) parts.push({ kind: "html", html: html(pending) });
    pending = [];
    parts.push({ kind: "tabs", samples: group.entries.map((entry) => ({ language: entry.language, html: html(entry.tokens) })) });
    index = group.end;
  }
  if (pending.length) parts.push({ kind: "html", html: html(pending) });
  return { title, parts };
}

/** Markdown as one piece of HTML (renderMarkdownParts), its samples one after the other: FAQ, legal pages, release notes. */
export async function renderMarkdown(source: string, options: RenderOptions = {}): Promise<RenderedMarkdown> {
  const { title, parts } = await renderMarkdownParts(source, options);
  const html = parts.map((part) => (part.kind === "html" ? part.html : part.samples.map((sample) => sample.html).join(""))).join("");
  return { title, html };
}
