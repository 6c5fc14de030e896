import { describe, expect, it } from "vitest";
import { markdownPageRequest, prefersMarkdown } from "./llms-request";

describe("prefersMarkdown", () => {
  it("is true only when text/markdown ranks above text/html", () => {
    expect(prefersMarkdown("text/markdown")).toBe(true);
    expect(prefersMarkdown("text/markdown, text/html;q=0.9")).toBe(true);
    expect(prefersMarkdown("text/markdown;charset=utf-8, */*;q=0.1")).toBe(true);
    expect(prefersMarkdown("text/html;q=0.5, text/*")).toBe(true);
  });

  it("leaves browsers, ties, wildcards and refusals on HTML", () => {
    expect(prefersMarkdown("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(false);
    expect(prefersMarkdown("text/markdown, text/html")).toBe(false);
    expect(prefersMarkdown("*/*")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0, */*")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=nope")).toBe(false);
    expect(prefersMarkdown("")).toBe(false);
    expect(prefersMarkdown(null)).toBe(false);
  });
});

describe("markdownPageRequest", () => {
  it("reads a page path with .md, in either language", () => {
    expect(markdownPageRequest("/docs/corp/api-v2/getting-started/authentication.md", false)).toEqual({
      prefix: null,
      vendor: "corp",
      slug: "api-v2",
      page: "getting-started/authentication",
    });
    expect(markdownPageRequest("/zh/docs/econ/macroeconomic/docs/series.md", false)).toEqual({
      prefix: "zh",
      vendor: "econ",
      slug: "macroeconomic",
      page: "docs/series",
    });
    expect(markdownPageRequest("/docs/econ/macroeconomic.md", false)).toMatchObject({ slug: "macroeconomic", page: "" });
  });

  it("reads the page path itself only for a client that prefers markdown", () => {
    expect(markdownPageRequest("/en/docs/flows/api-v2/", true)).toEqual({ prefix: "en", vendor: "flows", slug: "api-v2", page: "" });
    expect(markdownPageRequest("/docs/flows/api-v2", false)).toBeNull();
    expect(markdownPageRequest("/docs/econ/macroeconomic/search", true)).toBeNull();
    expect(markdownPageRequest("/docs/econ/macroeconomic/search.md", false)).toMatchObject({ page: "search" });
  });

  it("leaves other areas and the downloads (whose guides end in .md) alone", () => {
    expect(markdownPageRequest("/docs/econ/macroeconomic/downloads/macroeconomic-guide-python.md", false)).toBeNull();
    expect(markdownPageRequest("/docs/econ/macroeconomic/downloads/openapi.json", true)).toBeNull();
    expect(markdownPageRequest("/faq.md", false)).toBeNull();
    expect(markdownPageRequest("/docs.md", true)).toBeNull();
    expect(markdownPageRequest("/docs/econ.md", false)).toBeNull();
    expect(markdownPageRequest("/api-products/econ/macroeconomic", true)).toBeNull();
  });
});
