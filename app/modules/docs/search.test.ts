import { describe, expect, it } from "vitest";
import { docLabel } from "./doc-labels";
import {
  buildSearchIndex,
  buildSnippet,
  indexTerms,
  markdownToText,
  parseOperationQuery,
  queryTerms,
  searchIndex,
  searchPageParams,
  type SearchDocument,
  type SnippetSegment,
} from "./search";

function document(overrides: Partial<SearchDocument> & Pick<SearchDocument, "id" | "title">): SearchDocument {
  return {
    set: "macroeconomic",
    language: "en",
    href: `/docs/econ/macroeconomic/${overrides.id}`,
    section: "Getting Started",
    kind: "page",
    text: "",
    ...overrides,
  };
}

const documents: SearchDocument[] = [
  document({
    id: "authentication",
    title: "Authentication",
    text: "Send your API key as the token query parameter with every call, also for feed downloads.",
  }),
  document({ id: "create-feed", title: "Create a feed", text: "A feed delivers the latest metadata plus incremental data on each run." }),
  document({
    id: "series-data",
    kind: "operation",
    section: "Series",
    title: "Get series time points",
    text: "GET /series/{id}/data Returns the time points of one series. id Series id",
    operation: { method: "get", path: "/series/{id}/data" },
  }),
  document({
    id: "series",
    kind: "operation",
    section: "Series",
    title: "Get one series",
    text: "GET /series/{id} Returns the metadata of one series. id Series id",
    operation: { method: "get", path: "/series/{id}" },
  }),
  document({
    id: "insight-series",
    kind: "operation",
    section: "Insights",
    title: "Series of an insight",
    text: "GET /insights/{id}/series/data The series an insight cites.",
    operation: { method: "get", path: "/insights/{id}/series/data" },
  }),
  document({ id: "model-series", kind: "model", section: "Models", title: "Series", text: "id name frequency unit" }),
  document({ id: "identifiers", title: "Identifiers", text: "Get any resource by its id." }),
  document({
    id: "company",
    set: "company-v2",
    href: "/docs/corp/api-v2/companies",
    title: "Companies",
    text: "Search companies with a cursor.",
  }),
  document({ id: "zh-feed", language: "zh", title: "创建推送", text: "推送在每次运行时交付最新的元数据和增量数据。" }),
  document({ id: "zh-auth", language: "zh", title: "认证", text: "每次调用都要发送您的 API 密钥。" }),
];

const index = buildSearchIndex(documents);

function ids(q: string, options: Partial<Parameters<typeof searchIndex>[1]> = {}): string[] {
  return searchIndex(index, { q, language: "en", ...options }).results.map((result) => result.href.slice(result.href.lastIndexOf("/") + 1));
}

function marked(snippet: SnippetSegment[]): string[] {
  return snippet.filter((segment) => segment.match).map((segment) => segment.text);
}

describe("indexTerms and queryTerms", () => {
  it("lower-cases words and splits CJK text into characters and bigrams", () => {
    expect(indexTerms("Get SERIES_data")).toEqual(["get", "series", "data"]);
    expect(indexTerms("API 创建推送")).toEqual(["api", "创", "创建", "建", "建推", "推", "推送", "送"]);
  });

  it("keeps the distinct terms of a query, the last word as a prefix and CJK runs as bigrams", () => {
    expect(queryTerms("series Data seri")).toEqual([
      { term: "series", prefix: false, cjk: false },
      { term: "data", prefix: false, cjk: false },
      { term: "seri", prefix: true, cjk: false },
    ]);
    expect(queryTerms("创建推送 键").map((term) => term.term)).toEqual(["创建", "建推", "推送", "键"]);
    expect(queryTerms("   ")).toEqual([]);
  });

  it("leaves out stop words unless the query has nothing else", () => {
    expect(queryTerms("how do I get the series").map((term) => term.term)).toEqual(["get", "series"]);
    expect(queryTerms("series of").map((term) => [term.term, term.prefix])).toEqual([["series", false]]);
    expect(queryTerms("the")).toEqual([{ term: "the", prefix: true, cjk: false }]);
  });
});

describe("parseOperationQuery", () => {
  it("reads a method and path or a bare path fragment", () => {
    expect(parseOperationQuery(" GET /series/{id} ")).toEqual({ method: "get", path: "/series/{id}" });
    expect(parseOperationQuery("/Series")).toEqual({ method: null, path: "/series" });
    expect(parseOperationQuery("series data")).toBeNull();
  });
});

describe("markdownToText", () => {
  it("drops the title and markup but keeps the words of links, tables and code", () => {
    const source = [
      "# Create a feed",
      "",
      "Read **[Subscribe](/docs/x)** first, then call `GET /feeds`.",
      "",
      "| Field | Meaning |",
      "|---|---|",
      "| name | A *short* name |",
      "",
      "- one",
      "1. two",
      "> quoted <br/>",
      "```python",
      "print('hi')",
      "```",
    ].join("\n");
    expect(markdownToText(source)).toBe(
      "Read Subscribe first, then call GET /feeds. Field Meaning name A short name one two quoted print('hi')",
    );
  });
});

describe("searchIndex", () => {
  it("finds nothing for an empty or blank query", () => {
    expect(searchIndex(index, { q: "", language: "en" })).toEqual({ total: 0, results: [] });
    expect(searchIndex(index, { q: "  \t ", language: "en" })).toEqual({ total: 0, results: [] });
  });

  it("requires every word of a short query and ranks title matches first", () => {
    expect(ids("series data").sort()).toEqual(["insight-series", "series-data"]);
    expect(ids("feed")).toEqual(["create-feed", "authentication"]);
  });

  it("matches the last word as a prefix", () => {
    expect(ids("authent")).toEqual(["authentication"]);
    expect(ids("authent key")).toEqual([]);
    expect(ids("key authent")).toEqual(["authentication"]);
  });

  it("puts the operation a query names by method and path first, and finds path fragments", () => {
    expect(ids("GET /series/{id}")[0]).toBe("series");
    expect(ids("GET /series/{id}")).not.toContain("identifiers");
    expect(ids("/series").slice(0, 2).sort()).toEqual(["series", "series-data"]);
    expect(ids("/series")).toContain("insight-series");
    expect(ids("/nothing/here")).toEqual([]);
  });

  it("searches Chinese by characters and bigrams, within the query's language", () => {
    expect(ids("推送", { language: "zh" })).toEqual(["zh-feed"]);
    expect(ids("如何创建推送", { language: "zh" })).toEqual(["zh-feed"]);
    expect(ids("密钥", { language: "zh" })).toEqual(["zh-auth"]);
    expect(ids("推送")).toEqual([]);
  });

  it("filters by documentation set", () => {
    expect(ids("companies")).toEqual(["companies"]);
    expect(ids("companies", { sets: ["macroeconomic"] })).toEqual([]);
    expect(ids("series", { sets: ["company-v2"] })).toEqual([]);
  });

  it("paginates with limit and offset, at most 50 a page", () => {
    const all = ids("series");
    expect(all.length).toBeGreaterThan(2);
    expect(ids("series", { limit: 2 })).toEqual(all.slice(0, 2));
    expect(ids("series", { limit: 2, offset: 2 })).toEqual(all.slice(2, 4));
    expect(searchIndex(index, { q: "series", language: "en", limit: 1 }).total).toBe(all.length);
    expect(searchIndex(index, { q: "series", language: "en", limit: 0 }).results).toHaveLength(1);

    const many = buildSearchIndex(Array.from({ length: 80 }, (_, n) => document({ id: `p${n}`, title: `Page ${n}`, text: "common" })));
    expect(searchIndex(many, { q: "common", language: "en", limit: 500 }).results).toHaveLength(50);
  });

  it("cuts queries to 200 characters", () => {
    expect(ids(`${"x".repeat(200)} feed`)).toEqual([]);
    expect(ids(`feed${" ".repeat(196)}zzz`)).toEqual(ids("feed"));
  });

  it("returns the fields a result list needs", () => {
    const [result] = searchIndex(index, { q: "companies", language: "en" }).results;
    expect(result).toMatchObject({
      href: "/docs/corp/api-v2/companies",
      title: "Companies",
      section: "Getting Started",
      kind: "page",
      set: "company-v2",
    });
  });
});

describe("API terms and language copies", () => {
  const guide = (language: "python" | "javascript" | "php", topic: string, title: string, text: string) =>
    document({
      id: `${language}/quick-examples/${topic}`,
      section: docLabel(language).en,
      title,
      text,
      copy: { of: `quick-examples/${topic}`, language },
    });
  const guideText = "Read the series of a database: call the series API with the series ids, series after series.";
  const reference = buildSearchIndex([
    ...(["php", "python", "javascript"] as const).map((language) =>
      guide(language, "get-series", "Get series with the series API", guideText),
    ),
    guide("python", "basic-pandas", "Basic pandas", "Load series data into a pandas frame."),
    document({ id: "getting-started/authentication", title: "Authentication", text: "Send your key with every series request." }),
    document({
      id: "docs/series?search",
      kind: "operation",
      section: "Series",
      title: "Search series",
      text: "GET /series/search Searches the series by keyword.",
      operation: { method: "get", path: "/series/search" },
    }),
    document({ id: "docs/series", kind: "tag", section: "API Documentation", title: "Series", text: "Read series and their data." }),
    document({
      id: "docs/dictionary?countries",
      kind: "operation",
      section: "Dictionary",
      title: "List countries",
      text: "GET /dictionary/countries The countries a series may belong to. Pass your token.",
      operation: { method: "get", path: "/dictionary/countries" },
    }),
  ]);
  const found = (q: string) => searchIndex(reference, { q, language: "en" });
  const paths = (q: string) => found(q).results.map((result) => result.href.replace("/docs/econ/macroeconomic/", ""));

  it("ranks the operations an API term names first, then its API groups, then the guides", () => {
    const series = paths("series");
    expect(series.slice(0, 2)).toEqual(["docs/series?search", "docs/series"]);
    expect(series.slice(2).sort()).toEqual([
      "docs/dictionary?countries",
      "getting-started/authentication",
      "php/quick-examples/get-series",
      "python/quick-examples/basic-pandas",
    ]);
    expect(paths("countries")[0]).toBe("docs/dictionary?countries");
  });

  it("ranks by relevance alone when no operation is named", () => {
    expect(paths("token")).toEqual(["docs/dictionary?countries"]);
    expect(paths("request")).toEqual(["getting-started/authentication"]);
    expect(paths("pandas")).toEqual(["python/quick-examples/basic-pandas"]);
  });

  it("gives a guide's language copies as one result, at the place of its best copy, and counts it once", () => {
    const { total, results } = found("series ids");
    expect(total).toBe(1);
    expect(results[0]).toMatchObject({ title: "Get series with the series API", kind: "page" });
    expect(results[0]?.copies).toEqual(
      (["python", "javascript", "php"] as const).map((language) => ({
        language,
        href: `/docs/econ/macroeconomic/${language}/quick-examples/get-series`,
      })),
    );
    expect(found("pandas").results[0]?.copies).toEqual([
      { language: "python", href: "/docs/econ/macroeconomic/python/quick-examples/basic-pandas" },
    ]);
    expect(found("authentication").results[0]?.copies).toBeUndefined();
    const all = paths("series");
    expect(all).toHaveLength(6);
    expect(found("series").total).toBe(6);
    expect(searchIndex(reference, { q: "series", language: "en", limit: 2, offset: 2 }).results.map((result) => result.href)).toEqual(
      found("series")
        .results.slice(2, 4)
        .map((result) => result.href),
    );
  });
});

describe("buildSnippet", () => {
  it("marks the matched words and prefixes", () => {
    const snippet = buildSnippet("A feed delivers the latest metadata.", queryTerms("latest meta"));
    expect(snippet.map((segment) => segment.text).join("")).toBe("A feed delivers the latest metadata.");
    expect(marked(snippet)).toEqual(["latest", "metadata"]);
  });

  it("cuts about 200 characters around the first match at word boundaries", () => {
    const text = `${"lorem ".repeat(60)}needle ${"ipsum ".repeat(60)}`.trim();
    const snippet = buildSnippet(text, queryTerms("needle"));
    const joined = snippet.map((segment) => segment.text).join("");
    expect(snippet[0]).toEqual({ text: "…", match: false });
    expect(snippet.at(-1)).toEqual({ text: "…", match: false });
    expect(joined.length).toBeLessThanOrEqual(202);
    expect(joined).toMatch(/^…lorem /);
    expect(joined).toMatch(/ ipsum…$/);
    expect(marked(snippet)).toEqual(["needle"]);
  });

  it("marks Chinese bigrams as one run and starts at the text's beginning without a match", () => {
    expect(marked(buildSnippet("推送在每次运行时交付最新数据", queryTerms("运行时")))).toEqual(["运行时"]);
    expect(buildSnippet("Nothing matches here", queryTerms("zzz"))).toEqual([{ text: "Nothing matches here", match: false }]);
    expect(buildSnippet("", queryTerms("x"))).toEqual([]);
  });
});

describe("searchPageParams", () => {
  it("reads the query and a 1-based page, anything else being page 1", () => {
    expect(searchPageParams(new URLSearchParams("q=%20series%20&page=3"))).toEqual({ q: "series", page: 3 });
    for (const page of ["", "0", "-2", "1.5", "abc", "1e400"]) expect(searchPageParams(new URLSearchParams({ q: "x", page })).page).toBe(1);
    expect(searchPageParams(new URLSearchParams()).q).toBe("");
    expect(searchPageParams(new URLSearchParams({ q: "y".repeat(300) })).q).toHaveLength(200);
  });
});
