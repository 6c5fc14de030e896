/**
 * The Chinese texts of a specification (issue 30): content/specs/zh/{set}.json holds the translated texts keyed by
 * JSON pointer into the English spec, and the tags' display names. They overlay a copy of the spec before it is
 * normalised, so the spec itself is never forked (format: SPEC-ZH-FORMAT, mirrored by `translatableTexts`).
 */
import { isRecord } from "./spec-model";

export interface SpecTranslation {
  texts: Record<string, string>;
  tagNames: Record<string, string>;
}

export const noTranslation: SpecTranslation = { texts: {}, tagNames: {} };

const textKeys = new Set(["summary", "description", "title"]);
const skippedKeys = new Set(["example", "examples", "enum", "default"]);

/** RFC 6901: `~` becomes `~0` and `/` becomes `~1`. */
export function pointerToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** A translation file as far as it is well formed: anything else in it is ignored. */
export function parseSpecTranslation(value: unknown): SpecTranslation {
  if (!isRecord(value)) return noTranslation;
  return { texts: stringRecord(value.texts), tagNames: stringRecord(value.tagNames) };
}

/**
 * Every translatable text of a spec by its pointer: each string whose key is summary, description or title, at any
 * depth, except under example(s), enum, default and x- extensions (those are data or tooling, not prose).
 */
export function translatableTexts(spec: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (skippedKeys.has(key) || key.startsWith("x-")) continue;
        const at = `${pointer}/${pointerToken(key)}`;
        if (textKeys.has(key) && typeof value === "string") texts.set(at, value);
        else walk(value, at);
      }
    }
  };
  walk(spec, "");
  return texts;
}

function setAt(document: unknown, pointer: string, text: string): void {
  const tokens = pointer.split("/").slice(1).map(unescapeToken);
  const last = tokens.pop();
  let node = document;
  for (const token of tokens) node = Array.isArray(node) ? node[Number(token)] : isRecord(node) ? node[token] : undefined;
  if (last !== undefined && isRecord(node)) node[last] = text;
}

export interface TranslatedSpec {
  /** A copy of the spec with every translated text in place; untranslated ones stay English. */
  spec: unknown;
  /** Pointers of the texts without a Chinese version. */
  untranslated: string[];
  /** Pointers of the file that name no text of this spec any more (the spec moved on): ignored. */
  stale: string[];
  /** The English texts shown untranslated, which the pages mark as English. */
  englishTexts: Set<string>;
}

export function translateSpec(spec: unknown, translation: SpecTranslation): TranslatedSpec {
  const texts = translatableTexts(spec);
  const copy = structuredClone(spec);
  const untranslated: string[] = [];
  const englishTexts = new Set<string>();
  for (const [pointer, english] of texts) {
    const chinese = Object.hasOwn(translation.texts, pointer) ? translation.texts[pointer] : undefined;
    if (chinese !== undefined && chinese.trim() !== "") setAt(copy, pointer, chinese);
    else if (english.trim() !== "") {
      untranslated.push(pointer);
      englishTexts.add(english);
    }
  }
  const stale = Object.keys(translation.texts).filter((pointer) => !texts.has(pointer));
  return { spec: copy, untranslated, stale, englishTexts };
}
