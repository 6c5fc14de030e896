import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { test } from "./support/test";

/** What the translators wrote (content/specs/zh, issue 30): the pages must show exactly that. */
const zh = JSON.parse(readFileSync("content/specs/zh/macroeconomic.json", "utf8")) as {
  texts: Record<string, string>;
  tagNames: Record<string, string>;
};
const operation = "/paths/~1series~1{id}~1data/get";
const summary = zh.texts[`${operation}/summary`] ?? "";
const page = "/zh/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D%2Fdata&method=get";

test.describe.configure({ mode: "parallel" });

test("a Chinese operation page and its markdown read the spec's Chinese texts and tag names", { tag: "@no-db" }, async ({ request }) => {
  expect(summary).not.toBe("");
  const html = await (await request.get(page)).text();
  expect(html).toContain(`>${summary}</h1>`);
  expect(html).not.toContain("Get series time points</h1>");
  for (const index of [2, 3, 4]) expect(html).toContain(zh.texts[`${operation}/parameters/${index}/description`]);
  expect(html).toContain(`>${zh.tagNames.Series}</`);

  // The translation's tag name wins over the spec's own x-label.
  const tagPage = await (await request.get("/zh/docs/econ/macroeconomic/docs/dictionary")).text();
  expect(tagPage).toContain(`>${zh.tagNames.Dictionary}</h1>`);

  const markdown = await (await request.get(page.replace("/docs/series?", "/docs/series.md?"))).text();
  expect(markdown).toContain(summary);
  expect(markdown).toContain(zh.texts[`${operation}/parameters/2/description`]);
});

test("a Chinese docs search finds an operation by its Chinese summary", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get(`/api/search?q=${encodeURIComponent(summary)}&lang=zh&set=macroeconomic`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { results: { href: string; title: string; kind: string; section: string }[] };
  expect(body.results[0]).toMatchObject({ href: page, title: summary, kind: "operation", section: zh.tagNames.Series });
});
