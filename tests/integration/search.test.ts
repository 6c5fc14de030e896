import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { searchDocs } from "~/modules/docs/search.server";
import type { SearchResult } from "~/modules/docs/search";
import { loader as searchPageLoader } from "~/routes/public/search";

const seriesData = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D%2Fdata&method=get";
const seriesMetadata = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get";

function hrefs(results: SearchResult[]): string[] {
  return results.map((result) => result.href);
}

describe("documentation search over the shipped specifications and pages", () => {
  beforeAll(async () => {
    await Promise.all([searchDocs({ q: "warm up", language: "en" }), searchDocs({ q: "warm up", language: "zh" })]);
  });

  it("finds the macroeconomic series data operation for 'series data'", async () => {
    const { total, results } = await searchDocs({ q: "series data", language: "en", limit: 5 });
    expect(total).toBeGreaterThan(5);
    expect(hrefs(results).slice(0, 3)).toContain(seriesData);
    const operation = results.find((result) => result.href === seriesData);
    expect(operation).toMatchObject({ kind: "operation", set: "macroeconomic", title: "Get series time points", section: "Series" });
    expect(operation?.snippet.filter((segment) => segment.match).map((segment) => segment.text.toLowerCase())).toContain("series");
  });

  it("puts an operation named by method and path first, and finds path fragments", async () => {
    const exact = await searchDocs({ q: "GET /series/{id}", sets: ["macroeconomic"], language: "en" });
    expect(exact.results[0]?.href).toBe(seriesMetadata);
    const fragment = await searchDocs({ q: "/series", sets: ["macroeconomic"], language: "en", limit: 3 });
    expect(fragment.results.every((result) => result.kind === "operation" && result.href.includes("path=%2Fseries"))).toBe(true);
    const cursor = await searchDocs({ q: "DELETE /companies/cursor/{cursor_id}", language: "en", limit: 1 });
    expect(cursor.results[0]).toMatchObject({ set: "company-v2", kind: "operation" });
  });

  it("finds Chinese operations and pages for a Chinese query (issue 30: the specs' Chinese texts), operations first", async () => {
    const { results } = await searchDocs({ q: "创建推送", language: "zh", limit: 5 });
    expect(results[0]).toMatchObject({ title: "创建推送", section: "数据推送", kind: "operation" });
    expect(results).toContainEqual(
      expect.objectContaining({
        href: "/docs/econ/macroeconomic/getting-started/create-feed",
        title: "创建推送",
        section: "入门",
        kind: "page",
      }),
    );
    const page = results.find((result) => result.kind === "page")!;
    expect(page.snippet.some((segment) => segment.match && segment.text.includes("推送"))).toBe(true);
    const pandas = await searchDocs({ q: "pandas", language: "zh", sets: ["macroeconomic"] });
    expect(hrefs(pandas.results)).toContain("/docs/econ/macroeconomic/python/quick-examples/basic-pandas");
    expect((await searchDocs({ q: "创建推送", language: "en" })).total).toBe(0);
  });

  it("finds, for a glossary term searched in /zh/search, the operation first and the guide after it (issue 30)", async () => {
    const glossary = JSON.parse(readFileSync("content/glossary/zh.json", "utf8")) as { terms: { en: string; zh: string }[] };
    const terms = ["dump", "feed", "cursor", "insight", "statement"].map((en) => glossary.terms.find((term) => term.en === en)!.zh);
    expect(terms).toEqual(["转储", "推送", "游标", "洞察", "报表"]);
    for (const term of terms) {
      const request = new Request(`http://localhost/zh/search?q=${encodeURIComponent(term)}`);
      const { results } = await searchPageLoader({ request, params: { lang: "zh" }, context: { cspNonce: "" } });
      expect(results[0]?.kind, term).toBe("operation");
      expect(results[0]?.title, term).toContain(term);
      const guide = results.findIndex((result) => result.kind === "page" && result.title.includes(term));
      expect(guide, `${term}: ${results.map((result) => `${result.kind} ${result.title}`).join(", ")}`).toBeGreaterThan(0);
    }
  });

  it("uses the Chinese labels of tags and sections", async () => {
    const { results } = await searchDocs({ q: "序列", language: "zh", sets: ["macroeconomic"] });
    expect(
      results.some((result) => result.kind === "tag" && result.title === "序列" && result.href === "/docs/econ/macroeconomic/docs/series"),
    ).toBe(true);
  });

  it("filters by documentation set", async () => {
    const all = await searchDocs({ q: "companies", language: "en", limit: 50 });
    expect(new Set(all.results.map((result) => result.set)).size).toBeGreaterThan(1);
    const v2 = await searchDocs({ q: "companies", sets: ["company-v2"], language: "en", limit: 50 });
    expect(v2.total).toBeGreaterThan(0);
    expect(v2.total).toBeLessThan(all.total);
    expect(v2.results.every((result) => result.set === "company-v2" && result.href.startsWith("/docs/corp/api-v2"))).toBe(true);
    expect((await searchDocs({ q: "companies", sets: ["sandbox"], language: "en" })).total).toBe(0);
  });

  it("links models to their heading on the models page and tags to their page", async () => {
    const { results } = await searchDocs({ q: "SessionResponse", sets: ["fund-flows"], language: "en" });
    expect(results[0]).toMatchObject({
      kind: "model",
      title: "SessionResponse",
      href: "/docs/flows/api-v2/models#model-SessionResponse",
      section: "Models",
    });
    const tags = await searchDocs({ q: "session", sets: ["fund-flows"], language: "en", limit: 50 });
    expect(tags.results.some((result) => result.kind === "tag" && result.href === "/docs/flows/api-v2/docs/session")).toBe(true);
  });

  it("ranks the operations an API term names above the guides: 'series' finds Search series first", async () => {
    const { results } = await searchDocs({ q: "series", sets: ["macroeconomic"], language: "en", limit: 20 });
    expect(results[0]).toMatchObject({
      kind: "operation",
      title: "Search series",
      href: `${seriesMetadata.split("?")[0]}?path=%2Fseries%2Fsearch&method=get`,
    });
    const firstGuide = results.findIndex((result) => result.kind === "page");
    expect(firstGuide).toBeGreaterThan(0);
    expect(results.slice(firstGuide).some((result) => result.kind === "operation" && result.title === "Get series metadata")).toBe(false);
    const token = await searchDocs({ q: "token", sets: ["macroeconomic"], language: "en", limit: 1 });
    expect(token.results[0]).toMatchObject({ kind: "page", title: "Authentication" });
  });

  it("gives the PHP, Python and JavaScript copies of a guide as one result with a link to each, in both languages", async () => {
    for (const language of ["en", "zh"] as const) {
      const { results } = await searchDocs({ q: "series", sets: ["macroeconomic"], language, limit: 50 });
      const copies = results.filter((result) => result.href.endsWith("/quick-examples/get-series-with-series-api"));
      expect(copies, language).toHaveLength(1);
      expect(copies[0]?.copies, language).toEqual(
        ["python", "javascript", "php"].map((code) => ({
          language: code,
          href: `/docs/econ/macroeconomic/${code}/quick-examples/get-series-with-series-api`,
        })),
      );
      expect(new Set(hrefs(results)).size).toBe(results.length);
    }
  });

  it("pages through the results", async () => {
    const first = await searchDocs({ q: "series", language: "en", limit: 10 });
    const second = await searchDocs({ q: "series", language: "en", limit: 10, offset: 10 });
    expect(second.total).toBe(first.total);
    expect(first.results).toHaveLength(10);
    expect(hrefs(second.results).some((href) => hrefs(first.results).includes(href))).toBe(false);
  });

  // Its speed (under 50 ms a query once the index is built) is a figure of `npm run bench`, not a timed test.
  it("answers queries of every kind over all eight sets once the index is built", async () => {
    const queries = [
      "series data",
      "GET /series/{id}",
      "/companies",
      "token",
      "cursor",
      "fund flows report",
      "dump",
      "authentication key",
      "rate limit",
      "pandas",
    ];
    const answers = await Promise.all(queries.map((q) => searchDocs({ q, language: "en", limit: 20 })));
    for (const [index, answer] of answers.entries()) expect(answer.results.length, queries[index]).toBeGreaterThan(0);
    expect(new Set(answers.flatMap((answer) => answer.results.map((result) => result.set))).size).toBeGreaterThan(1);
  });
});
