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
  /** The portal's single-file clients the sample loads (it runs beside them), by file name. */
  clients: string[];
  /** The `output` block that follows the sample, or null. */
  expectedOutput: string | null;
  /** 1-based position among the page's code blocks, to name the sample in a failure. */
  position: number;
}

/** The portal's client file of each language ends so; a shell script loads none. */
const clientExtensions: Partial<Record<RunnableLanguage, string>> = { javascript: ".mjs", python: ".py", php: ".php", r: ".R" };

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

/**
 * How a program names a client it loads: Python imports the module, JavaScript imports the file or the package
 * of that name, PHP uses the class (required by file or autoloaded), R sources the file.
 */
function loadsClient(code: string, file: string): boolean {
  const stem = file.replace(/\.[^.]+$/, "");
  if (file.endsWith(".py")) return new RegExp(`^\\s*(?:import|from)\\s+${stem}\\b`, "m").test(code);
  if (file.endsWith(".mjs")) return new RegExp(`from\\s+["'](?:\\./)?${stem}(?:\\.mjs)?["']`).test(code);
  if (file.endsWith(".php")) return new RegExp(`\\b${stem}\\b`).test(code);
  return code.includes(file);
}

/**
 * The page's API samples, each with the output block that follows it: runnable blocks that name a base URL,
 * and programs that load one of the portal's single-file clients (`clientFiles`) with a credential placeholder.
 */
export function apiSamples(markdown: string, baseUrls: readonly string[], clientFiles: readonly string[] = []): ApiSample[] {
  const blocks = codeBlocks(markdown);
  return blocks.flatMap((block, index) => {
    const lang = (block.lang ?? "").trim().split(/\s+/)[0]!.toLowerCase();
    if (!isRunnable(lang)) return [];
    const extension = clientExtensions[lang];
    const ownClients = extension ? clientFiles.filter((file) => file.endsWith(extension)) : [];
    const clients = /YOUR_(API_KEY|USERNAME|PASSWORD)/.test(block.text) ? ownClients.filter((file) => loadsClient(block.text, file)) : [];
    if (clients.length === 0 && !baseUrls.some((baseUrl) => block.text.includes(baseUrl))) return [];
    const next = blocks[index + 1];
    const expectedOutput = next && (next.lang ?? "").trim() === "output" ? next.text : null;
    return [{ language: lang, code: block.text, clients, expectedOutput, position: index + 1 }];
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
