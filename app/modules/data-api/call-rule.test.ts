import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import zh from "~/locales/zh";
import { CALL_REFUSALS, CALL_RULE, CALLS_PER_SECOND } from "./call-rule";

/**
 * One rule, worded the same everywhere: the interface strings, every shipped specification, the docs pages,
 * the FAQ and the terms state CALL_RULE in its words, and none states the old "second call within a second".
 */

type Language = keyof typeof CALL_RULE;

const ORDINALS_EN = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const ORDINALS_ZH = "一二三四五六七八九十";

/** Markdown emphasis and code marks, line breaks and case do not change what a sentence says. */
const normalise = (text: string) => text.replace(/[`*]/g, "").replace(/\s+/g, " ").toLowerCase();
const statesRule = (text: string, language: Language) => normalise(text).includes(normalise(CALL_RULE[language]));

/** Sentences of the rule before this one; release notes keep them as history. */
const OLD_WORDINGS = [/second call within (?:a|the same|one) second/i, /(?:同一秒内|一秒内)的第二次/, /too soon after the previous one/i];
/** The limit belongs to the account: no sentence about the limit may tie it to a key. */
const PER_KEY = /\bper (?:api )?key\b|\b(?:of|with) the same key\b|belongs to the key|the key's limit|每个密钥|同一个?密钥/i;
const ABOUT_LIMIT = /limit|429|sequential|限制|依次/i;
const sentences = (text: string) => text.split(/(?<=[.;。；])\s*/);

/** A line that speaks of the rate limit and its number: it must state the rule. */
const MENTIONS_LIMIT: Record<Language, RegExp> = { en: /rate limit.*per second/i, zh: /速率限制.*每秒/ };

function leaves(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${at}[${index}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leaves(item, at ? `${at}.${key}` : key));
  return [];
}

function files(folder: string, extension: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The prose lines of a markdown file: code blocks hold programs, not statements. */
function proseLines(file: string): string[] {
  let inCode = false;
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => {
      if (line.trimStart().startsWith("```")) inCode = !inCode;
      return !inCode && !line.trimStart().startsWith("```");
    });
}

const languageOf = (file: string): Language => (/(?:^|[/.])zh(?:[/.]|$)/.test(file) ? "zh" : "en");
const isReleaseNotes = (file: string) => file.includes("release-notes");

interface Operation {
  description?: string;
  responses: Record<string, { description: string }>;
}
interface Spec {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  definitions?: { Error?: { example?: { error?: string } } };
}

// The specifications themselves, not their Chinese texts (content/specs/zh/).
const specFiles = files("content/specs", ".json").filter((file) => path.dirname(file) === path.normalize("content/specs"));
const markdownFiles = ["content/pages", "content/faq", "content/legal", "content/templates", "content/release-notes"].flatMap((folder) =>
  files(folder, ".md"),
);

describe("the call rule", () => {
  it("[security3-item4] carries its numbers in both languages, and the server's refusals name the part that was broken", () => {
    expect(CALL_RULE.en).toContain(`about ${CALLS_PER_SECOND} calls per second`);
    expect(CALL_RULE.en).toContain(`the ${ORDINALS_EN[CALLS_PER_SECOND]} call within one second`);
    expect(CALL_RULE.zh).toContain(`每秒约 ${CALLS_PER_SECOND} 次调用`);
    expect(CALL_RULE.zh).toContain(`一秒内的第${ORDINALS_ZH[CALLS_PER_SECOND]}次调用`);
    expect(CALL_REFUSALS.inFlight).toMatch(/sequential.*previous call is still running/);
    expect(CALL_REFUSALS.rate).toContain(`${ORDINALS_EN[CALLS_PER_SECOND]} call of this account within one second`);
    expect(CALL_REFUSALS.rate).toContain(`about ${CALLS_PER_SECOND} calls per second on average`);
    for (const refusal of Object.values(CALL_REFUSALS))
      expect(refusal).toMatch(/^Too many requests: .*Retry-After, do not retry at once\.$/);
  });

  it("[security3-item4] is what every interface string about the limit says, in English and Chinese", () => {
    const stating = (strings: unknown, language: Language) =>
      leaves(strings)
        .filter(([, text]) => MENTIONS_LIMIT[language].test(text) || /per second|calls a second|每秒/i.test(text))
        .map(([key, text]) => {
          expect(statesRule(text, language), `${language} ${key}: ${text}`).toBe(true);
          return key;
        });
    const english = stating(en, "en");
    expect(english).toEqual(expect.arrayContaining(["products.macroeconomic.access", "queryBuilder.tooMany", "queryBuilder.tooManyRetry"]));
    expect(stating(zh, "zh")).toEqual(english);
  });

  it("[security3-item4] is stated by every shipped specification: its description, every operation and every 429 answer", () => {
    expect(specFiles.length).toBeGreaterThanOrEqual(8);
    for (const file of specFiles) {
      const spec = JSON.parse(fs.readFileSync(file, "utf8")) as Spec;
      expect(statesRule(spec.info.description, "en"), `${file} info.description`).toBe(true);
      for (const [route, methods] of Object.entries(spec.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          expect(statesRule(operation.description ?? "", "en"), `${file} ${method} ${route}`).toBe(true);
          expect(statesRule(operation.responses["429"]?.description ?? "", "en"), `${file} ${method} ${route} 429`).toBe(true);
        }
      }
      const example = spec.definitions?.Error?.example?.error;
      if (example?.startsWith("Too many requests")) expect(Object.values(CALL_REFUSALS), `${file} Error example`).toContain(example);
    }
  });

  it("[security3-item4] is stated by the FAQ, the terms and every docs page that gives the limit, in both languages", () => {
    for (const language of ["en", "zh"] as const) {
      for (const file of [`content/faq/${language}.md`, `content/legal/${language}/terms.md`]) {
        expect(statesRule(fs.readFileSync(file, "utf8"), language), file).toBe(true);
      }
    }
    const indexes = markdownFiles.filter((file) => /^content\/pages\/[^/]+\/(?:en|zh)\/index\.md$/.test(file));
    expect(indexes.length).toBeGreaterThanOrEqual(16);
    for (const file of indexes) expect(statesRule(fs.readFileSync(file, "utf8"), languageOf(file)), file).toBe(true);
    for (const file of markdownFiles.filter((candidate) => !isReleaseNotes(candidate))) {
      const language = languageOf(file);
      for (const line of proseLines(file).filter((candidate) => MENTIONS_LIMIT[language].test(candidate))) {
        expect(statesRule(line, language), `${file}: ${line}`).toBe(true);
      }
    }
  });

  it("[security3-item4] leaves no old wording and no limit per key anywhere but in the release notes' history", () => {
    const texts: [string, string][] = [
      ...leaves(en).map(([key, text]): [string, string] => [`en ${key}`, text]),
      ...leaves(zh).map(([key, text]): [string, string] => [`zh ${key}`, text]),
      ...specFiles.map((file): [string, string] => [file, fs.readFileSync(file, "utf8")]),
      ...markdownFiles.filter((file) => !isReleaseNotes(file)).map((file): [string, string] => [file, proseLines(file).join("\n")]),
    ];
    for (const [where, text] of texts) {
      for (const pattern of OLD_WORDINGS) expect(text, where).not.toMatch(pattern);
      const perKey = sentences(text).filter((sentence) => ABOUT_LIMIT.test(sentence) && PER_KEY.test(sentence));
      expect(perKey, where).toEqual([]);
    }
  });
});
