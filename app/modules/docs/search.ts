import type { Language } from "~/modules/i18n/language";
import type { DocSetId } from "~/modules/registry/registry";
import { splitTitle } from "~/modules/content/markdown-title";
import { codeLanguages, type CodeLanguage } from "./doc-pages";

/**
 * Documentation search: an in-memory inverted index over pages, tag pages, operations and models, ranked
 * with BM25 plus a bonus for terms in the title or the operation's method and path. Latin words match
 * whole, the last query word also as a prefix; Chinese (CJK) text is indexed by characters and bigrams.
 * A query that names an operation (every word in an operation's title or path) is an API term: the reference
 * then ranks above the guides. The language copies of a guide (its Python, JavaScript and PHP versions) come
 * as one result, at the place of the best ranked copy.
 */

export type SearchKind = "page" | "tag" | "operation" | "model";

export interface SearchDocument {
  id: string;
  set: DocSetId;
  language: Language;
  href: string;
  title: string;
  /** Where the document sits in the set: "Getting Started", a tag label, "Models"... */
  section: string;
  kind: SearchKind;
  text: string;
  /** Operations only: matched as a whole by queries such as `GET /series/{id}` or `/series`. */
  operation?: { method: string; path: string };
  /** A guide written once per programming language: the key its copies share, and this copy's language. */
  copy?: { of: string; language: CodeLanguage };
}

/** One language copy of a guide in a result. */
export interface SearchCopy {
  language: CodeLanguage;
  href: string;
}

export interface SnippetSegment {
  text: string;
  match: boolean;
}

export interface SearchResult {
  href: string;
  title: string;
  section: string;
  kind: SearchKind;
  set: DocSetId;
  snippet: SnippetSegment[];
  /** A guide's language copies, in the order of `codeLanguages`; the result links to the best ranked one. */
  copies?: SearchCopy[];
}

export interface SearchResponse {
  total: number;
  results: SearchResult[];
}

export interface SearchQuery {
  q: string;
  language: Language;
  sets?: readonly DocSetId[];
  limit?: number;
  offset?: number;
}

export const maxQueryLength = 200;
export const maxLimit = 50;
export const defaultLimit = 20;
export const resultsPerPage = 10;
const snippetLength = 200;

const cjk = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
const tokenPattern = new RegExp(`[${cjk}]+|(?:(?![${cjk}])[\\p{L}\\p{M}\\p{N}])+`, "gu");
const cjkPattern = new RegExp(`^[${cjk}]`, "u");

interface Token {
  term: string;
  start: number;
  end: number;
  cjk: boolean;
}

/** Words, and CJK runs split into single characters, with their offsets in the text. */
function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const match of text.matchAll(tokenPattern)) {
    const start = match.index;
    if (!cjkPattern.test(match[0])) {
      found.push({ term: match[0].normalize("NFKC").toLowerCase(), start, end: start + match[0].length, cjk: false });
      continue;
    }
    let offset = start;
    for (const char of match[0]) {
      found.push({ term: char, start: offset, end: offset + char.length, cjk: true });
      offset += char.length;
    }
  }
  return found;
}

function isAdjacentCjk(a: Token | undefined, b: Token | undefined): boolean {
  return Boolean(a?.cjk && b?.cjk && a.end === b.start);
}

/** The terms a text is indexed under: its words, its CJK characters and their bigrams. */
export function indexTerms(text: string): string[] {
  const list = tokens(text);
  const terms: string[] = [];
  list.forEach((token, index) => {
    terms.push(token.term);
    const next = list[index + 1];
    if (next && isAdjacentCjk(token, next)) terms.push(token.term + next.term);
  });
  return terms;
}

export interface QueryTerm {
  term: string;
  /** The last Latin word of the query also matches longer words (typing "seri" finds "series"). */
  prefix: boolean;
  cjk: boolean;
}

/** Question words that would otherwise be required matches ("how do I get series data"). */
const stopWords = new Set("a an and are can do does for how i in is of on or the to what with".split(" "));

/**
 * The distinct terms of a query: words (without stop words, unless there is nothing else), and CJK runs
 * as bigrams (a lone character as itself).
 */
export function queryTerms(q: string): QueryTerm[] {
  const all = tokens(q);
  const meaningful = all.filter((token) => token.cjk || !stopWords.has(token.term));
  const list = meaningful.length > 0 ? meaningful : all;
  const terms: QueryTerm[] = [];
  list.forEach((token, index) => {
    const previous = list[index - 1];
    const next = list[index + 1];
    if (!token.cjk) terms.push({ term: token.term, prefix: token === all.at(-1) && token.term.length >= 2, cjk: false });
    else if (next && isAdjacentCjk(token, next)) terms.push({ term: token.term + next.term, prefix: false, cjk: true });
    else if (!isAdjacentCjk(previous, token)) terms.push({ term: token.term, prefix: false, cjk: true });
  });
  const seen = new Set<string>();
  return terms.filter((term) => !seen.has(term.term) && seen.add(term.term));
}

/** `GET /series/{id}` or `/series`: a query naming an operation by its method and path. */
export function parseOperationQuery(q: string): { method: string | null; path: string } | null {
  const match = /^(?:(get|post|put|patch|delete|head|options)\s+)?(\/\S*)$/i.exec(q.trim());
  return match ? { method: match[1]?.toLowerCase() ?? null, path: match[2]!.toLowerCase() } : null;
}

/** Markdown to searchable plain text: markup goes, the words of links, tables and code stay. */
export function markdownToText(source: string): string {
  return splitTitle(source)
    .body.replace(/^\s*(```|~~~).*$/gm, "")
    .replace(/^[ \t|:-]*-[ \t|:-]*$/gm, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/`+|\*{1,3}/g, "")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

interface Posting {
  doc: number;
  /** Field-weighted term frequency */
  weight: number;
  /** The term is in the title or the operation's method and path */
  named: boolean;
}

export interface SearchIndex {
  documents: readonly SearchDocument[];
  lengths: number[];
  averageLength: number;
  postings: Map<string, Posting[]>;
  /** Every indexed term, sorted, for prefix lookups */
  vocabulary: string[];
  /** Per document: the operation's path in lower case, for queries naming a path */
  operationPaths: (string | undefined)[];
}

interface Field {
  text: string;
  weight: number;
  named: boolean;
}

function fields(document: SearchDocument): Field[] {
  const signature = document.operation ? `${document.operation.method} ${document.operation.path}` : "";
  return [
    { text: document.title, weight: 2, named: true },
    { text: signature, weight: 2, named: true },
    { text: document.section, weight: 1, named: false },
    { text: document.text, weight: 1, named: false },
  ];
}

export function buildSearchIndex(documents: readonly SearchDocument[]): SearchIndex {
  const postings = new Map<string, Posting[]>();
  const lengths = documents.map((document, doc) => {
    const terms = new Map<string, { weight: number; named: boolean }>();
    let length = 0;
    for (const field of fields(document)) {
      for (const term of indexTerms(field.text)) {
        const entry = terms.get(term) ?? { weight: 0, named: false };
        terms.set(term, { weight: entry.weight + field.weight, named: entry.named || field.named });
        length++;
      }
    }
    for (const [term, entry] of terms) {
      const list = postings.get(term);
      if (list) list.push({ doc, ...entry });
      else postings.set(term, [{ doc, ...entry }]);
    }
    return length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
  const operationPaths = documents.map((document) => document.operation?.path.toLowerCase());
  return { documents, lengths, averageLength, postings, vocabulary: [...postings.keys()].sort(), operationPaths };
}

/** The indexed terms starting with `prefix`, found by binary search in the sorted vocabulary. */
function expand(index: SearchIndex, term: QueryTerm): string[] {
  if (!term.prefix) return index.postings.has(term.term) ? [term.term] : [];
  const { vocabulary } = index;
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (vocabulary[middle]! < term.term) low = middle + 1;
    else high = middle;
  }
  const terms: string[] = [];
  for (let position = low; position < vocabulary.length && vocabulary[position]!.startsWith(term.term); position++) {
    terms.push(vocabulary[position]!);
  }
  return terms;
}

const bm25K1 = 1.2;
const bm25B = 0.75;
/** Added to a term's saturated frequency when the title or operation names it: the title decides. */
const namedBonus = 2;
/** A longer word found by a prefix counts half as much as the word itself ("data" before "database"). */
const prefixFactor = 0.5;

interface TermScore {
  score: number;
  /** The title or the operation's method and path holds the term */
  named: boolean;
}

/**
 * BM25 of one query term per document. A prefix term is weighed as one term (its document frequency is
 * that of all its expansions, so a rare longer word does not outrank the word itself) and a document
 * scores by its best expansion.
 */
function termScores(index: SearchIndex, term: QueryTerm): Map<number, TermScore> {
  const expansions = expand(index, term).map((expansion) => ({ expansion, list: index.postings.get(expansion) ?? [] }));
  const frequency = new Set(expansions.flatMap(({ list }) => list.map((posting) => posting.doc))).size;
  const idf = Math.log(1 + (index.documents.length - frequency + 0.5) / (frequency + 0.5));
  const scores = new Map<number, TermScore>();
  for (const { expansion, list } of expansions) {
    const factor = expansion === term.term ? 1 : prefixFactor;
    for (const { doc, weight, named } of list) {
      const norm = bm25K1 * (1 - bm25B + (bm25B * index.lengths[doc]!) / index.averageLength);
      const score = idf * factor * ((weight * (bm25K1 + 1)) / (weight + norm) + (named ? namedBonus : 0));
      const best = scores.get(doc);
      scores.set(doc, { score: Math.max(score, best?.score ?? 0), named: named || (best?.named ?? false) });
    }
  }
  return scores;
}

/**
 * How many distinct terms a document must contain: every word of a short query or of an API path, two
 * thirds of a longer query, and half of the CJK bigrams (a Chinese question holds bigrams that span word
 * boundaries).
 */
function requiredMatches(terms: readonly QueryTerm[], all: boolean): { latin: number; cjk: number } {
  const latin = terms.filter((term) => !term.cjk).length;
  const cjkCount = terms.length - latin;
  if (all) return { latin, cjk: cjkCount };
  return { latin: latin <= 2 ? latin : Math.ceil((latin * 2) / 3), cjk: Math.ceil(cjkCount / 2) };
}

/**
 * For an API term, well above the BM25 score of a few words: the operations the query names first, then the API
 * groups and models it names, then the rest. (A query naming an operation by its path has its own bonus.)
 */
const referenceBonus: Partial<Record<SearchKind, number>> = { operation: 100, tag: 50, model: 50 };

/** Well above any BM25 score, so an operation named by its path comes first. */
function operationBonus(index: SearchIndex, doc: number, query: { method: string | null; path: string }): number {
  const path = index.operationPaths[doc];
  const operation = index.documents[doc]!.operation;
  if (path === undefined || !operation) return 0;
  const sameMethod = query.method === null || query.method === operation.method;
  if (path === query.path) return sameMethod ? 1000 : 500;
  if (path.startsWith(query.path)) return sameMethod ? 200 : 100;
  return path.includes(query.path) ? 50 : 0;
}

function termMatches(token: Token, terms: readonly QueryTerm[]): boolean {
  return terms.some((term) => !term.cjk && (term.prefix ? token.term.startsWith(term.term) : token.term === term.term));
}

/** The character ranges of a text that the query matched, adjacent ones merged. */
function matchRanges(text: string, terms: readonly QueryTerm[]): [number, number][] {
  const cjkTerms = new Set(terms.filter((term) => term.cjk).map((term) => term.term));
  const list = tokens(text);
  const ranges: [number, number][] = [];
  const add = (start: number, end: number) => {
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  };
  list.forEach((token, index) => {
    const next = list[index + 1];
    if (!token.cjk) {
      if (termMatches(token, terms)) add(token.start, token.end);
    } else if (next && isAdjacentCjk(token, next) && cjkTerms.has(token.term + next.term)) {
      add(token.start, next.end);
    } else if (cjkTerms.has(token.term)) {
      add(token.start, token.end);
    }
  });
  return ranges;
}

/** About 200 characters of the text around its first match, the matches marked; cut at spaces where possible. */
export function buildSnippet(text: string, terms: readonly QueryTerm[]): SnippetSegment[] {
  if (!text) return [];
  const ranges = matchRanges(text, terms);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - 60);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(text.length, start + snippetLength);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > first && space > start) end = space;
  }
  const segments: SnippetSegment[] = [];
  const push = (segment: string, match: boolean) => {
    if (segment) segments.push({ text: segment, match });
  };
  let position = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    push(text.slice(position, Math.max(position, from)), false);
    push(text.slice(Math.max(position, from), Math.min(to, end)), true);
    position = Math.min(to, end);
  }
  push(text.slice(position, end), false);
  if (start > 0) segments.unshift({ text: "…", match: false });
  if (end < text.length) segments.push({ text: "…", match: false });
  return segments;
}

/** Queries are cut to 200 characters (code points, so no character is split). */
function cutQuery(q: string): string {
  return Array.from(q).slice(0, maxQueryLength).join("").trim();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** Ranked, paginated results; an empty query finds nothing and a long one is cut to 200 characters. */
export function searchIndex(index: SearchIndex, query: SearchQuery): SearchResponse {
  const q = cutQuery(query.q);
  const operationQuery = parseOperationQuery(q);
  const terms = queryTerms(operationQuery?.path ?? q);
  if (terms.length === 0 && !operationQuery) return { total: 0, results: [] };

  const required = requiredMatches(terms, operationQuery !== null);
  const matched = new Map<number, { score: number; latin: number; cjk: number; named: number }>();
  for (const term of terms) {
    for (const [doc, { score, named }] of termScores(index, term)) {
      const entry = matched.get(doc) ?? { score: 0, latin: 0, cjk: 0, named: 0 };
      entry.score += score;
      if (term.cjk) entry.cjk++;
      else entry.latin++;
      if (named) entry.named++;
      matched.set(doc, entry);
    }
  }

  const allowed = (document: SearchDocument) => document.language === query.language && (!query.sets || query.sets.includes(document.set));
  const candidates: { doc: number; score: number; named: boolean }[] = [];
  index.documents.forEach((document, doc) => {
    if (!allowed(document)) return;
    const entry = matched.get(doc);
    const bonus = operationQuery ? operationBonus(index, doc, operationQuery) : 0;
    const matchesTerms = entry !== undefined && entry.latin >= required.latin && entry.cjk >= required.cjk;
    if (matchesTerms || bonus > 0) {
      candidates.push({ doc, score: (matchesTerms ? entry.score : 0) + bonus, named: matchesTerms && entry.named === terms.length });
    }
  });
  const apiTerm = !operationQuery && candidates.some(({ doc, named }) => named && index.documents[doc]!.kind === "operation");
  const ranked = candidates.map(({ doc, score, named }) => ({
    doc,
    score: score + (apiTerm && named ? (referenceBonus[index.documents[doc]!.kind] ?? 0) : 0),
  }));
  ranked.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const groups = groupCopies(
    index,
    ranked.map(({ doc }) => doc),
  );

  const limit = clamp(query.limit ?? defaultLimit, 1, maxLimit);
  const offset = Math.max(0, Math.floor(query.offset ?? 0));
  return {
    total: groups.length,
    results: groups.slice(offset, offset + limit).map((members) => {
      const document = index.documents[members[0]!]!;
      const { href, title, section, kind, set } = document;
      const result: SearchResult = { href, title, section, kind, set, snippet: buildSnippet(document.text, terms) };
      if (!document.copy) return result;
      const copies = members.map((doc) => ({ language: index.documents[doc]!.copy!.language, href: index.documents[doc]!.href }));
      copies.sort((a, b) => codeLanguages.indexOf(a.language) - codeLanguages.indexOf(b.language));
      return { ...result, copies };
    }),
  };
}

/** Ranked documents in groups, a guide's language copies together at the place of the first: each group best first. */
function groupCopies(index: SearchIndex, ranked: readonly number[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const doc of ranked) {
    const { set, copy } = index.documents[doc]!;
    const key = copy ? `${set} ${copy.of}` : String(doc);
    const group = groups.get(key);
    if (group) group.push(doc);
    else groups.set(key, [doc]);
  }
  return [...groups.values()];
}

/** The query string of the search pages: `q` (cut to 200 characters) and a 1-based `page`, anything else page 1. */
export function searchPageParams(params: URLSearchParams): { q: string; page: number } {
  const page = Number(params.get("page"));
  return { q: cutQuery(params.get("q") ?? ""), page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}
