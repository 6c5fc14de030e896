import { splitLanguagePrefix, type Language } from "~/modules/i18n/language";

/** A docs page asked for as markdown: the set by its vendor code and slug, the page below it, the URL's language. */
export interface MarkdownPageRequest {
  /** The language prefix of the URL; the unprefixed (canonical English) URL has none. */
  prefix: Language | null;
  vendor: string;
  slug: string;
  /** The page below the set root without ".md": "" for the overview, "docs/series" for a tag. */
  page: string;
}

interface MediaRange {
  type: string;
  subtype: string;
  quality: number;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept.split(",").flatMap((part) => {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = range.split("/");
    if (!type || !subtype) return [];
    const q = params.find((param) => /^q\s*=/.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(q.indexOf("=") + 1).trim());
    return Number.isFinite(quality) ? [{ type, subtype, quality: Math.min(Math.max(quality, 0), 1) }] : [];
  });
}

/** The quality a client gives a media type: that of the most specific range matching it (RFC 9110, 12.5.1). */
function qualityOf(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  let best: { specificity: number; quality: number } = { specificity: 0, quality: 0 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype ? 3 : range.type === type && range.subtype === "*" ? 2 : range.type === "*" ? 1 : 0;
    if (specificity > best.specificity) best = { specificity, quality: range.quality };
  }
  return best.quality;
}

/** Whether an Accept header prefers text/markdown to text/html: only then does a page URL answer markdown. */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRanges(accept);
  const markdown = qualityOf(ranges, "text/markdown");
  return markdown > 0 && markdown > qualityOf(ranges, "text/html");
}

/**
 * The docs page a request path asks for as markdown: `{page path}.md` always, the page path itself when the
 * client prefers markdown (then the set's search page is left to its HTML route). Null for anything else,
 * including the set's downloads, whose guides end in .md themselves.
 */
export function markdownPageRequest(pathname: string, markdownPreferred: boolean): MarkdownPageRequest | null {
  const { prefix, path } = splitLanguagePrefix(pathname);
  const trimmed = path.replace(/\/+$/, "");
  const explicit = trimmed.endsWith(".md");
  if (!explicit && !markdownPreferred) return null;
  const match = /^\/docs\/([^/]+)\/([^/]+)(?:\/(.+))?$/.exec(explicit ? trimmed.slice(0, -".md".length) : trimmed);
  if (!match) return null;
  const [, vendor = "", slug = "", page = ""] = match;
  if (page.startsWith("downloads/") || (!explicit && page === "search")) return null;
  return { prefix, vendor, slug, page };
}
