import { expect, type APIResponse } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { test } from "./support/test";

const setTitles = [
  "Macroeconomic API",
  "Macroeconomic sandbox",
  "Company API v1",
  "Company API v2",
  "Documents API",
  "Deal Watch API",
  "Fund Flows API v2",
  "Real Estate API v1",
];

const markdownType = "text/markdown; charset=utf-8";
const written = "/docs/corp/api-v2/getting-started/authentication";
const tag = "/docs/econ/macroeconomic/docs/series";
const operationQuery = "?path=%2Fseries%2F%7Bid%7D&method=get";

test.describe.configure({ mode: "parallel" });

function expectMarkdown(response: APIResponse, url: string) {
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toBe(markdownType);
  expect(response.headers().vary ?? "", url).toMatch(/\bAccept\b/);
}

test("llms.txt lists every set, and every link answers 200, pages as markdown", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/llms.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text.startsWith("# Data API Developer Portal\n\n> ")).toBe(true);
  expect([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual(setTitles);
  const links = [...text.matchAll(/^- \[[^\]]+\]\((\S+)\)/gm)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(150);
  for (const link of links) expect(link.startsWith(`${baseURL}/`), link).toBe(true);
  expect(links).toContain(`${baseURL}${written}.md`);
  expect(links).toContain(`${baseURL}${tag}.md`);
  expect(links).toContain(`${baseURL}/docs/econ/macroeconomic/downloads/openapi.json`);
  expect(links).toContain(`${baseURL}/docs/econ/macroeconomic/downloads/swagger.json`);
  // Six links at a time, as a browser fetches: one after another, the 150-odd renders came near the timeout on CI.
  for (let start = 0; start < links.length; start += 6) {
    await Promise.all(
      links.slice(start, start + 6).map(async (link) => {
        const answer = await request.get(link, { maxRedirects: 0 });
        if (new URL(link).pathname.endsWith(".md")) {
          expectMarkdown(answer, link);
          expect(await answer.text(), link).toMatch(/^# \S/);
        } else {
          expect(answer.status(), link).toBe(200);
        }
      }),
    );
  }
});

test("llms-full.txt holds every set's pages and reference, with absolute links", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/llms-full.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  for (const title of setTitles) {
    expect(text, title).toContain(`\n# ${title}\n`);
    expect(text, title).toContain(`\n# ${title}: API reference\n`);
  }
  expect(text).toContain(`# Authentication\n\nSource: ${baseURL}${written}\n`);
  expect(text).toContain("### GET `/series/{id}`");
  expect(text).toContain(`](${baseURL}/dashboard/token-management)`);
  expect(text).not.toMatch(/\]\(\/(?!\/)/);
});

test(
  "a written, a tag and an operation page answer markdown at .md and to Accept: text/markdown",
  { tag: "@no-db" },
  async ({ request }) => {
    const pages = [
      {
        path: written,
        query: "",
        starts: "# Authentication\n",
        contains: [`(${baseURL}/dashboard/token-management)`, "/data-api/company-v2"],
      },
      { path: tag, query: "", starts: "# Series\n", contains: ["## Operations", "### GET `/series/{id}`", `${tag}.md${operationQuery}`] },
      {
        path: tag,
        query: operationQuery,
        starts: "# Get series metadata\n",
        contains: ["Series · GET `/series/{id}`", "## Parameters", "- `id` (required, path, string)", "## Responses", "```bash\ncurl"],
      },
    ];
    for (const page of pages) {
      const byPath = await request.get(`${page.path}.md${page.query}`);
      expectMarkdown(byPath, page.path);
      const markdown = await byPath.text();
      expect(markdown.startsWith(page.starts), page.path).toBe(true);
      for (const text of page.contains) expect(markdown, text).toContain(text);

      const negotiated = await request.get(`${page.path}${page.query}`, { headers: { Accept: "text/markdown, text/html;q=0.5" } });
      expectMarkdown(negotiated, page.path);
      expect(await negotiated.text()).toBe(markdown);

      const html = await request.get(`${page.path}${page.query}`, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(html.headers()["content-type"]).toBe("text/html; charset=utf-8");
      expect(html.headers().vary ?? "").toMatch(/\bAccept\b/);
    }
  },
);

test(
  "the overview, models and an empty page have their markdown too, and docs?path= redirects to the operation's",
  { tag: "@no-db" },
  async ({ request }) => {
    expect(await (await request.get("/docs/econ/macroeconomic.md")).text()).toMatch(/^# Macroeconomic Data API\n/);
    expect(await (await request.get("/docs/econ/macroeconomic/docs/models.md")).text()).toContain("## `Series`");
    const empty = await request.get("/docs/econ/macroeconomic/javascript/quick-examples/basic-pandas.md");
    expectMarkdown(empty, "empty page");
    expect(await empty.text()).toContain("This page has no content yet.");
    const redirect = await request.get(`/docs/econ/macroeconomic/docs.md${operationQuery}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe(`${tag}.md${operationQuery}`);
  },
);

test("Chinese pages are in Chinese, their links in Chinese", { tag: "@no-db" }, async ({ request }) => {
  const translated = await request.get(`/zh${written}.md`);
  expectMarkdown(translated, "zh written");
  const text = await translated.text();
  expect(text.startsWith("# 认证\n")).toBe(true);
  expect(text).toContain(`(${baseURL}/zh/dashboard/token-management)`);
  expect(text).not.toContain("本页尚未提供中文版本");

  const notes = await request.get("/zh/docs/econ/macroeconomic/release-notes", { headers: { Accept: "text/markdown" } });
  expectMarkdown(notes, "zh release notes");
  const notesText = await notes.text();
  expect(notesText.startsWith("# 发布说明\n")).toBe(true);
  expect(notesText).not.toContain("本页尚未提供中文版本");

  const operation = await (await request.get(`/zh${tag}.md${operationQuery}`)).text();
  expect(operation).toContain("## 参数");
  expect(operation).toContain("序列 · GET `/series/{id}`");
});

test("/zh/llms.txt and /zh/llms-full.txt hold the Chinese pages and references, in Chinese", { tag: "@no-db" }, async ({ request }) => {
  const index = await request.get("/zh/llms.txt");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await index.text();
  expect(text.startsWith("# 数据 API 开发者门户\n\n> ")).toBe(true);
  expect([...text.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
    "宏观经济 API",
    "宏观经济沙盒",
    "公司 API v1",
    "公司 API v2",
    "文档 API",
    "并购交易 API",
    "基金流向 API v2",
    "房地产 API v1",
  ]);
  expect(text).toContain(`- [认证](${baseURL}/zh${written}.md)`);
  expect(text).toContain(`- [序列](${baseURL}/zh${tag}.md): API 参考，`);
  const pages = [...text.matchAll(/^- \[[^\]]+\]\((\S+\.md)\)/gm)].map((match) => match[1]!);
  expect(pages.length).toBeGreaterThan(150);
  expect(pages.filter((link) => !link.startsWith(`${baseURL}/zh/docs/`))).toEqual([]);
  for (const link of [`${baseURL}/zh${written}.md`, `${baseURL}/zh${tag}.md`]) {
    const page = await request.get(link);
    expectMarkdown(page, link);
    expect(await page.text()).not.toContain("本页尚未提供中文版本");
  }

  const full = await request.get("/zh/llms-full.txt");
  expect(full.status()).toBe(200);
  const fullText = await full.text();
  expect(fullText.startsWith("# 数据 API 开发者门户：完整文档\n")).toBe(true);
  expect(fullText).toContain("\n# 宏观经济 API：API 参考\n");
  expect(fullText).toContain(`# 认证\n\n来源：${baseURL}/zh${written}\n`);
  expect(fullText).toContain(`[获取序列元数据](${baseURL}/zh${tag}${operationQuery})`);
  expect(fullText).toContain(`](${baseURL}/zh/dashboard/token-management)`);
  expect(fullText).not.toContain("本页尚未提供中文版本");
  expect(fullText).not.toMatch(/\]\(\/(?!\/)/);
});

test(
  "a set's guide downloads in Chinese with ?lang=zh, which the Chinese downloads table links",
  { tag: "@no-db" },
  async ({ request }) => {
    const path = "/docs/econ/macroeconomic/downloads/macroeconomic-guide-python.md";
    const guide = await request.get(`${path}?lang=zh`);
    expect(guide.status()).toBe(200);
    expect(guide.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(guide.headers()["content-disposition"]).toBe('attachment; filename="macroeconomic-guide-python.zh.md"');
    expect((await guide.text()).startsWith("# Python 完整指南\n")).toBe(true);
    expect((await (await request.get(path)).text()).startsWith("# Python full guide\n")).toBe(true);
    const page = await (await request.get("/zh/docs/econ/macroeconomic/getting-started/using-sdk")).text();
    expect(page).toContain(`href="${path}?lang=zh"`);
  },
);

test(
  "unknown pages and sets are a plain-text 404; the search page and downloads keep their own answers",
  { tag: "@no-db" },
  async ({ request }) => {
    for (const url of [
      "/docs/econ/macroeconomic/getting-started/nothing.md",
      "/docs/econ/macroeconomic/docs/no-such-tag.md",
      `${tag}.md?path=%2Fnope&method=get`,
      "/docs/weather/api.md",
      "/zh/docs/econ/company.md",
    ]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expect(response.headers()["content-type"], url).toBe("text/plain; charset=utf-8");
      expect(await response.text(), url).toBe("Not Found");
    }
    const unknown = await request.get("/docs/econ/macroeconomic/getting-started/nothing", { headers: { Accept: "text/markdown" } });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toBe("text/plain; charset=utf-8");

    const search = await request.get("/docs/econ/macroeconomic/search", { headers: { Accept: "text/markdown" } });
    expect(search.headers()["content-type"]).toBe("text/html; charset=utf-8");
    const guide = await request.get("/docs/econ/macroeconomic/downloads/macroeconomic-guide-python.md");
    expect(guide.status()).toBe(200);
    expect(guide.headers()["content-disposition"]).toContain("attachment");
  },
);
