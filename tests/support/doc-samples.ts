import { Lexer, type Tokens } from "marked";

/**
 * The runnable samples of the written documentation: every fenced block in a language we can run that contains
 * the set's own base URL is a complete program, and the `output` block after it is what it prints.
 */

export const runnableLanguages = ["bash", "javascript", "python", "php", "r"] as const;
export type RunnableLanguage = (typeof runnableLanguages)[number];

export interface ApiSample {
  language: RunnableLanguage;
  code: string;
  /** The `output` block that follows the sample, or null. */
  expectedOutput: string | null;
  /** 1-based position among the page's code blocks, to name the sample in a failure. */
  position: number;
}

function isRunnable(lang: string): lang is RunnableLanguage {
  return (runnableLanguages as readonly string[]).includes(lang);
}

function codeBlocks(markdown: string): Tokens.Code[] {
  const blocks: Tokens.Code[] = [];
  const walk = (tokens: readonly { type: string; tokens?: unknown; items?: unknown }[]) => {
    for (const token of tokens) {
      if (token.type === "code") blocks.push(token as Tokens.Code);
      if (Array.isArray(token.tokens)) walk(token.tokens as never);
      if (Array.isArray(token.items)) walk(token.items as never);
    }
  };
  walk(new Lexer().lex(markdown));
  return blocks;
}

/** The page's API samples: runnable blocks that name a base URL, each with the output block that follows it. */
export function apiSamples(markdown: string, baseUrls: readonly string[]): ApiSample[] {
  const blocks = codeBlocks(markdown);
  return blocks.flatMap((block, index) => {
    const lang = (block.lang ?? "").trim().split(/\s+/)[0]!.toLowerCase();
    if (!isRunnable(lang) || !baseUrls.some((baseUrl) => block.text.includes(baseUrl))) return [];
    const next = blocks[index + 1];
    const expectedOutput = next && (next.lang ?? "").trim() === "output" ? next.text : null;
    return [{ language: lang, code: block.text, expectedOutput, position: index + 1 }];
  });
}

function linePattern(line: string): RegExp {
  const parts = line
    .trim()
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s");
}

/**
 * Null when every non-empty line of the expected output appears among the printed lines, in order, `…` standing
 * for any text within a line; otherwise the first expected line that did not appear.
 */
export function missingOutputLine(expected: string, printed: string): string | null {
  const actual = printed.split(/\r?\n/).map((line) => line.trim());
  let from = 0;
  for (const line of expected.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const pattern = linePattern(line);
    const found = actual.findIndex((candidate, index) => index >= from && pattern.test(candidate));
    if (found < 0) return line.trim();
    from = found + 1;
  }
  return null;
}

/** The sample as it runs here: every placeholder replaced by its real value. */
export function substitute(code: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((text, [placeholder, value]) => text.replaceAll(placeholder, value), code);
}
