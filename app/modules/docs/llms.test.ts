import { describe, expect, it } from "vitest";
import { firstParagraph, fullTextPage, llmsFullText, llmsIndex, llmsWording, pageDescription, setReferenceMarkdown, shorten } from "./llms";
import type { ReferenceLabels } from "./llms-markdown";

const labels: ReferenceLabels = {
  operations: "Operations",
  parameters: "Parameters",
  noParameters: "This call takes no parameters.",
  responses: "Responses",
  required: "Required",
  requestSamples: "Request samples",
  noFields: "No fields.",
  status: "Status",
  description: "Description",
  errorShape: "Errors:",
  usedBy: (count) => `Used by ${count} operations`,
};

describe("page descriptions", () => {
  it("take the first paragraph of prose after the title, without its markup", () => {
    const markdown = [
      "# Authentication",
      "",
      "| a | b |",
      "|---|---|",
      "",
      "```bash",
      "# a shell comment, not prose",
      "```",
      "",
      "The **company platform** key, sent as the `token` [query parameter](/docs/corp/api-v2/docs/companies)",
      "on *every* call: snake_case_names stay.",
      "",
      "Second paragraph.",
    ].join("\n");
    expect(firstParagraph(markdown)).toBe(
      "The company platform key, sent as the token query parameter on every call: snake_case_names stay.",
    );
    expect(firstParagraph("# Only a title\n\n- a list\n- of items\n")).toBe("");
  });

  it("are shortened to a sentence end that fits, else at a word with an ellipsis", () => {
    const sentences = `${"A".repeat(60)} first sentence ends here. And the second one goes on far beyond the limit of the description, e.g. like this one does.`;
    expect(shorten(sentences, 100)).toBe(`${"A".repeat(60)} first sentence ends here.`);
    expect(shorten("Short enough.")).toBe("Short enough.");
    const words = "word ".repeat(50);
    const cut = shorten(words, 30);
    expect(cut).toBe("word word word word word word…");
    expect(shorten(`Registration lasts 7 days for the sandbox, e.g. Data Engineer roles ${"x ".repeat(60)}`, 80)).toMatch(/…$/);
    expect(pageDescription("# T\n\nThe sandbox. It is free.\n")).toBe("The sandbox. It is free.");
    expect(pageDescription("# Get an insight\n\nFour operations serve them:\n\n- one\n")).toBe("Four operations serve them.");
    expect(pageDescription("# Using a proxy\n\nBehind a proxy.\n", "PHP")).toBe("(PHP) Behind a proxy.");
    expect(pageDescription("# PHP full guide\n\nA client.\n", "PHP")).toBe("A client.");
  });
});

describe("llmsIndex", () => {
  it("has the title, the summary, then one section per set with its links", () => {
    const text = llmsIndex("https://portal.example.com/", [
      {
        title: "Macroeconomic API",
        pages: [{ title: "Macroeconomic Data API", url: "https://portal.example.com/docs/econ/macroeconomic.md", description: "Series." }],
        reference: [{ title: "Series", url: "https://portal.example.com/docs/econ/macroeconomic/docs/series.md", description: "" }],
        downloads: [{ title: "OpenAPI 3.0 specification", url: "https://portal.example.com/o.json", description: "JSON." }],
      },
      { title: "Macroeconomic sandbox", pages: [], reference: [], downloads: [] },
    ]);
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Data API Developer Portal");
    expect(lines[2]).toMatch(/^> Documentation of eight financial and economic data APIs/);
    expect(text).toContain("https://portal.example.com/llms-full.txt");
    expect(text).toContain(
      [
        "## Macroeconomic API",
        "",
        "- [Macroeconomic Data API](https://portal.example.com/docs/econ/macroeconomic.md): Series.",
        "- [Series](https://portal.example.com/docs/econ/macroeconomic/docs/series.md)",
        "- [OpenAPI 3.0 specification](https://portal.example.com/o.json): JSON.",
        "",
        "## Macroeconomic sandbox",
      ].join("\n"),
    );
    expect(text.endsWith("\n")).toBe(true);
  });
});

describe("the full text", () => {
  it("gives each page its title and source, and each set its reference", () => {
    const page = fullTextPage({
      title: "Prerequisites",
      url: "https://p.example/docs/econ/macroeconomic/getting-started/prerequisites",
      markdown: "# Prerequisites\n\nA key.\n",
    });
    expect(page).toBe("# Prerequisites\n\nSource: https://p.example/docs/econ/macroeconomic/getting-started/prerequisites\n\nA key.\n");
    const reference = setReferenceMarkdown(
      {
        title: "Macroeconomic API",
        source: "https://p.example/openapi.json",
        baseUrl: "https://p.example/data-api/macroeconomic",
        auth: { in: "query", name: "token" },
        tags: [
          {
            label: "Series",
            description: "Time series.",
            url: "https://p.example/docs/econ/macroeconomic/docs/series",
            operations: [
              {
                operation: {
                  method: "GET",
                  path: "/series",
                  summary: "List series",
                  description: "",
                  parameters: [],
                  responses: [{ status: "200", description: "OK", schema: null }],
                },
                url: "https://p.example/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get",
              },
            ],
          },
        ],
      },
      labels,
    );
    expect(reference).toBe(
      [
        "# Macroeconomic API: API reference",
        "",
        "Source: https://p.example/openapi.json",
        "",
        "Base URL: `https://p.example/data-api/macroeconomic`. Authentication: the API key in the `token` query parameter.",
        "",
        "## [Series](https://p.example/docs/econ/macroeconomic/docs/series)",
        "",
        "Time series.",
        "",
        "### GET `/series`",
        "",
        "[List series](https://p.example/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get)",
        "",
        "#### Parameters",
        "",
        "This call takes no parameters.",
        "",
        "#### Responses",
        "",
        "- `200`: OK",
        "",
      ].join("\n"),
    );
    const full = llmsFullText("https://p.example", [
      { title: "Macroeconomic API", url: "https://p.example/docs/econ/macroeconomic", pages: [page], reference },
    ]);
    expect(full).toMatch(/^# Data API Developer Portal: the complete documentation\n/);
    expect(full).toContain("Index: https://p.example/llms.txt.");
    expect(full).toContain(
      "---\n\n# Macroeconomic API\n\nThe guides of the Macroeconomic API documentation (https://p.example/docs/econ/macroeconomic)",
    );
    expect(full).toContain("---\n\n# Prerequisites\n\nSource: ");
    expect(full).toContain("---\n\n# Macroeconomic API: API reference\n");
  });
});

describe("in Chinese", () => {
  it("the index and the full text speak Chinese and point to the Chinese index; descriptions end at a Chinese sentence", () => {
    const index = llmsIndex("https://p.example", [{ title: "宏观经济 API", pages: [], reference: [], downloads: [] }], llmsWording.zh);
    expect(index.startsWith("# 数据 API 开发者门户\n\n> 八个金融与经济数据 API 的文档")).toBe(true);
    expect(index).toContain("https://p.example/zh/llms-full.txt");
    expect(index).toContain("\n\n## 宏观经济 API\n");
    const page = fullTextPage({ title: "认证", url: "https://p.example/zh/docs/a", markdown: "# 认证\n\n密钥。\n" }, llmsWording.zh);
    expect(page).toBe("# 认证\n\n来源：https://p.example/zh/docs/a\n\n密钥。\n");
    const full = llmsFullText(
      "https://p.example",
      [{ title: "宏观经济 API", url: "https://p.example/zh/docs/econ/macroeconomic", pages: [page], reference: "" }],
      llmsWording.zh,
    );
    expect(full).toMatch(/^# 数据 API 开发者门户：完整文档\n/);
    expect(full).toContain("索引：https://p.example/zh/llms.txt。");
    expect(full).toContain(
      "# 宏观经济 API\n\n宏观经济 API 文档（https://p.example/zh/docs/econ/macroeconomic）的指南，随后是其 API 参考。",
    );
    const long = `${"序".repeat(50)}第一句到此结束。${"列".repeat(150)}。`;
    expect(shorten(long)).toBe(`${"序".repeat(50)}第一句到此结束。`);
    expect(pageDescription("# 数据洞察\n\n有四个操作：\n\n- 一\n")).toBe("有四个操作。");
  });
});
