import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { languages, type Language } from "~/modules/i18n/language";
import { docSetPath, docSets, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { docSetPages, writtenPagePaths } from "./doc-pages";
import {
  fillTemplate,
  supportPageMarkdown,
  supportPagePath,
  supportProductCodes,
  supportProductOfSet,
  supportProducts,
} from "./support-resources";

const contacts = { supportEmail: "help@example.org", statusUrl: "https://status.example.org" };
const portalPages = [
  "/contact",
  "/contact/general-inquiry",
  "/contact/report-bug",
  "/contact/request-feature",
  "/contact/business-inquiry",
  "/faq",
];
const accountPages = ["/dashboard/token-management", "/reset-password"];

function template(language: Language): string {
  return readFileSync(fileURLToPath(new URL(`../../../content/templates/${language}/support-and-resources.md`, import.meta.url)), "utf8");
}

function routesOf(set: DocSetId): string[] {
  const root = docSetPath(getDocSet(set));
  return writtenPagePaths(set).map((page) => (page ? `${root}/${page}` : root));
}

function internalLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1] ?? "");
}

describe.each(supportProductCodes)("the support page of %s", (code) => {
  const product = supportProducts[code];

  it.each(languages)("renders in %s with every placeholder filled", (language) => {
    const markdown = supportPageMarkdown(template(language), code, language, contacts);
    expect(markdown).not.toContain("{{");
    expect(markdown).not.toContain("}}");
    expect(markdown).toContain(product.name[language]);
    expect(markdown).toContain(contacts.supportEmail);
    expect(markdown).toContain(`](${contacts.statusUrl})`);
    expect(markdown).toContain(`](${docSetPath(getDocSet(product.set))}/release-notes)`);
  });

  it.each(languages)("links in %s only to pages of the set, its related sets and known portal pages", (language) => {
    const allowed = new Set([
      ...routesOf(product.set),
      ...product.related.flatMap((related) => routesOf(related.set)),
      ...portalPages,
      ...accountPages,
    ]);
    const links = internalLinks(supportPageMarkdown(template(language), code, language, contacts));
    expect(links.length).toBeGreaterThan(8);
    expect(links.filter((link) => !allowed.has(link))).toEqual([]);
  });

  it("keeps the substance of support: 24x6, one hour, the four forms, no secrets in messages", () => {
    const markdown = supportPageMarkdown(template("en"), code, "en", contacts);
    for (const text of [
      "24x6",
      "within one hour",
      "Never send your",
      "(/contact/general-inquiry)",
      "(/contact/report-bug)",
      "(/contact/request-feature)",
      "(/contact/business-inquiry)",
    ]) {
      expect(markdown).toContain(text);
    }
    expect(markdown).toContain(product.credential === "session" ? "(/reset-password)" : "(/dashboard/token-management)");
  });

  it("lists the set's quick examples, full guides and SDK page only where the set has them", () => {
    const markdown = supportPageMarkdown(template("en"), code, "en", contacts);
    const root = docSetPath(getDocSet(product.set));
    const { quickExamples } = docSetPages[product.set].apiDocumentation;
    expect(markdown.includes(`(${root}/${quickExamples})`)).toBe(quickExamples !== null);
    expect(markdown.includes(`(${root}/getting-started/using-sdk)`)).toBe(
      writtenPagePaths(product.set).includes("getting-started/using-sdk"),
    );
    for (const [language, section] of Object.entries(docSetPages[product.set].languages)) {
      expect(markdown.includes(`(${root}/${language}/full-guide)`), language).toBe(section.fullGuide);
    }
  });

  it.each(languages)(
    "renders in %s to HTML with three tables and whole bold runs",
    async (language) => {
      const { title, html } = await renderMarkdown(supportPageMarkdown(template(language), code, language, contacts));
      expect(title).toBe(language === "en" ? "Support and resources" : "支持与资源");
      expect(html.match(/<table>/g)).toHaveLength(3);
      expect(html).not.toContain("**");
      expect(html).not.toMatch(/<strong>(?:(?!<\/strong>).)*<strong>/);
    },
    20_000,
  );

  it("keeps its tables and lists whole: no blank line where a value was filled in", () => {
    for (const language of languages) {
      const lines = supportPageMarkdown(template(language), code, language, contacts).split("\n");
      lines.forEach((line, index) => {
        const header = lines[index + 1]?.startsWith("|---") ?? false;
        if (line.startsWith("|") && !header) expect(lines[index - 1], `${language} line ${index + 1}`).toMatch(/^\|.*\|$/);
        const splitList = line.startsWith("- ") && lines[index - 1] === "" && lines[index - 2]?.startsWith("- ");
        expect(splitList, `${language} line ${index + 1}`).toBe(false);
      });
    }
  });
});

describe("supportProductOfSet", () => {
  it("gives every set with a support page its product code, and the sandbox none", () => {
    for (const { id } of docSets) {
      const hasPage = writtenPagePaths(id).includes(supportPagePath);
      expect(supportProductOfSet(id) !== null, id).toBe(hasPage);
    }
    expect(supportProductOfSet("company-v2")).toBe("company-v2");
    expect(supportProductOfSet("sandbox")).toBeNull();
  });
});

describe("fillTemplate", () => {
  it("replaces every placeholder, also repeated ones and multi-line values", () => {
    expect(fillTemplate("{{a}} and {{b}}, {{a}}", { a: "1", b: "x\ny" })).toBe("1 and x\ny, 1");
  });

  it("refuses a placeholder without a value instead of leaving it blank", () => {
    expect(() => fillTemplate("Hello {{name}}", {})).toThrow(/\{\{name\}\} has no value/);
    expect(() => fillTemplate("{{toString}}", {})).toThrow(/has no value/);
  });
});
