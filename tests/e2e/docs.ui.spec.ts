import { expect } from "@playwright/test";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

test(
  "the side menu lists getting started, the tags with sorted operations, languages and the status link",
  { tag: "@no-db" },
  async ({ page }) => {
    await open(page, "/docs/corp/api-v2");
    const menu = page.getByRole("navigation", { name: "Documentation menu" });
    await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("href", "/docs/corp/api-v2");
    await expect(menu.getByRole("link", { name: "Prerequisites" })).toBeVisible();
    await menu.getByRole("link", { name: "Companies", exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/corp\/api-v2\/docs\/companies$/);
    const operations = menu.locator('a[href^="/docs/corp/api-v2/docs/companies?"]');
    await expect(operations.first()).toBeVisible();
    const labels = await operations.allTextContents();
    const methods = labels.map((label) => label.replace(/\s.*$/, "").replace(/\/.*$/, ""));
    const order = ["GET", "POST", "PATCH", "DELETE"];
    expect([...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(methods);
    await expect(menu.getByRole("link", { name: "API status ↗" })).toHaveAttribute("target", "_blank");
    await operations.first().click();
    await expect(page).toHaveURL(/\/docs\/corp\/api-v2\/docs\/companies\?path=/);
    await expect(page.getByRole("heading", { name: "Parameters" })).toBeVisible();
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  },
);

test("the version switcher lists the sets of the vendor and marks the current one", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/corp/documents");
  const switcher = page.getByTestId("version-switcher");
  // Its accessible name starts with the text it shows.
  await expect(switcher.locator("summary")).toHaveAccessibleName("Documents API, Documentation sets");
  await switcher.locator("summary").click();
  const links = switcher.getByRole("link");
  await expect(links).toHaveText(["Company API v1", "Company API v2", "Documents API (current)", "Deal Watch API"]);
  await expect(switcher.getByRole("link", { name: /Documents API/ })).toHaveAttribute("aria-current", "page");
  if (javaScriptEnabled()) {
    await page.keyboard.press("Escape");
    await expect(links.first()).toBeHidden();
    await switcher.locator("summary").click();
    await page.locator(".docs-content").click();
    await expect(links.first()).toBeHidden();
    await switcher.locator("summary").click();
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeHidden();
  }
  await open(page, "/docs/econ/sandbox");
  await page.getByTestId("version-switcher").locator("summary").click();
  await expect(page.getByTestId("version-switcher").getByRole("link")).toHaveText(["Macroeconomic API", "Macroeconomic sandbox (current)"]);
});

test("docs pages render in Chinese and honestly say when a routed page has no content", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/zh/docs/econ/macroeconomic/javascript/quick-examples/basic-pandas");
  await expect(page.getByTestId("empty-page")).toContainText("此页面暂无内容");
  await expect(page.getByRole("navigation", { name: "文档菜单" }).getByRole("link", { name: "概览" })).toHaveAttribute(
    "href",
    "/zh/docs/econ/macroeconomic",
  );
});

test(
  "a translated Chinese quick example carries no English note, and samples show what they print",
  { tag: "@no-db" },
  async ({ page, baseURL }) => {
    await open(page, "/zh/docs/econ/macroeconomic/python/quick-examples/search-series-by-keyword");
    await expect(page.getByTestId("untranslated")).toHaveCount(0);
    await expect(page.locator(".markdown")).toHaveAttribute("lang", "zh");
    // The sample calls the data API in force, and its output block is captioned in the page's language.
    await expect(page.locator('.code-block[data-language="python"]').first()).toContainText(`${baseURL}/data-api/macroeconomic`);
    await expect(page.locator(".code-output .code-caption").first()).toHaveText("输出");
    await open(page, "/zh/docs/econ/macroeconomic/getting-started/authentication");
    await expect(page.getByTestId("untranslated")).toHaveCount(0);
    const menu = page.getByRole("navigation", { name: "文档菜单" });
    await expect(menu.locator('a[href="/zh/docs/econ/macroeconomic/python/quick-examples/basic-pandas"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/zh/docs/econ/macroeconomic/javascript/quick-examples/basic-pandas"]')).toHaveCount(0);
    await expect(menu.locator('a[href="/zh/docs/econ/macroeconomic/php/quick-examples/using-proxy"]')).toHaveCount(0);
  },
);

test("models list every definition with its fields", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/estate/api-v1/models");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Models");
  expect(await page.locator("section.model").count()).toBeGreaterThan(2);
  await expect(page.locator("section.model table").first()).toBeVisible();
});
