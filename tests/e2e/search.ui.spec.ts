import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const seriesDataHref = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D%2Fdata&method=get";

test("the docs side menu searches its set, and a result leads to the operation", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/econ/macroeconomic");
  await page.getByRole("searchbox", { name: "Search this documentation set" }).fill("series data");
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/econ\/macroeconomic\/search\?q=series(\+|%20)data$/);
  await expect(page).toHaveTitle("Search the documentation | Data API Developer Portal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the Macroeconomic API documentation");
  await expect(page.getByRole("navigation", { name: "Documentation menu" })).toBeVisible();
  await expect(page.getByLabel("Search terms")).toHaveValue("series data");

  const results = page.getByRole("list", { name: "Search results" });
  await expect(page.getByTestId("search-total")).toHaveText(/^\d+ results for “series data”$/);
  const operation = results.getByRole("listitem").filter({ has: page.locator(`a[href="${seriesDataHref}"]`) });
  await expect(operation).toHaveCount(1);
  await expect(operation).toContainText("Operation");
  await expect(operation.locator("mark").first()).toHaveText(/^series$/i);
  await expect(results.locator('a:not([href^="/docs/econ/macroeconomic"])')).toHaveCount(0);

  await operation.getByRole("link", { name: "Get series time points" }).click();
  await expect(page).toHaveURL(seriesDataHref);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get series time points");
});

test(
  "the search page prompts, pages through results with previous and next links, and filters by set",
  { tag: "@no-db" },
  async ({ page }) => {
    await open(page, "/search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the documentation");
    await expect(page.getByText(/Search the guides, operations and models of all eight documentation sets/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Search results" })).toHaveCount(0);

    await page.getByLabel("Search terms").fill("series");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=series/);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(10);
    await expect(results).toContainText("Macroeconomic API");
    await expect(results).toContainText("Macroeconomic sandbox");

    const pages = page.getByRole("navigation", { name: "Result pages" });
    await expect(pages).toContainText(/Page 1 of \d+/);
    await expect(pages.getByRole("link", { name: /Previous/ })).toHaveCount(0);
    const firstOnPageOne = await results.getByRole("link").first().textContent();
    await pages.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pages).toContainText(/Page 2 of \d+/);
    await expect(results.getByRole("link").first()).not.toHaveText(firstOnPageOne ?? "");
    await pages.getByRole("link", { name: /Previous/ }).click();
    await expect(pages).toContainText(/Page 1 of \d+/);
    await expect(page).not.toHaveURL(/page=/);

    await page.getByLabel("Search terms").fill("companies");
    await page.getByLabel("Documentation set").selectOption({ label: "Company API v2" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=companies&set=company-v2/);
    const items = results.getByRole("listitem");
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) await expect(item).toContainText("Company API v2");
    await expect(results).not.toContainText("Deal Watch API");
  },
);

test("a query without results says so honestly and offers to search everywhere", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/econ/sandbox/search?q=companies");
  await expect(page.getByText("No results for “companies”.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Search results" })).toHaveCount(0);
  await page.getByRole("link", { name: "Search all documentation sets" }).click();
  await expect(page).toHaveURL(/\/search\?q=companies$/);
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("listitem").first()).toBeVisible();
});

test("an operation named by method and path is the first result", { tag: "@no-db" }, async ({ page }) => {
  await open(page, `/search?q=${encodeURIComponent("GET /series/{id}")}&set=macroeconomic`);
  const first = page.getByRole("list", { name: "Search results" }).getByRole("listitem").first();
  await expect(first.getByRole("link")).toHaveText("Get series metadata");
  await expect(first.getByRole("link")).toHaveAttribute(
    "href",
    "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get",
  );
});

test("Chinese search finds Chinese pages and keeps the /zh prefix", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/zh/docs/econ/macroeconomic");
  await page.getByRole("searchbox", { name: "搜索本文档集" }).fill("创建推送");
  await page.getByRole("search").getByRole("button", { name: "搜索", exact: true }).click();
  await expect(page).toHaveURL(/^[^?]*\/zh\/docs\/econ\/macroeconomic\/search\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜索文档：宏观经济 API");
  const first = page.getByRole("list", { name: "搜索结果" }).getByRole("listitem").first();
  await expect(first.getByRole("link")).toHaveText("创建推送");
  await expect(first.getByRole("link")).toHaveAttribute("href", "/zh/docs/econ/macroeconomic/getting-started/create-feed");
  await expect(first.locator("mark").first()).toContainText("推送");

  await open(page, `/zh/search?q=${encodeURIComponent("zzqqxx")}`);
  await expect(page.getByText("没有与“zzqqxx”相关的结果。")).toBeVisible();
});

test("the header leads to the documentation and to the search page", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/");
  const header = page.getByRole("navigation", { name: "Main navigation" }).first();
  await expect(header.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", "/docs");
  await header.getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search the documentation" })).toBeVisible();
});

test(
  "search results wear the brand colours, one box searches, a guide's language copies are one result, and 390 px fits",
  { tag: "@no-db" },
  async ({ page }) => {
    await open(page, "/docs/econ/macroeconomic/search?q=series");
    await expect(page.getByRole("searchbox")).toHaveCount(1);
    const results = page.getByRole("list", { name: "Search results" });
    const first = results.getByRole("listitem").first();
    await expect(first.getByRole("link").first()).toHaveText("Search series");
    await expect(first).toContainText("Operation");
    const title = first.locator(".search-result-title");
    expect(await title.evaluate((link) => [getComputedStyle(link).color, getComputedStyle(link).textDecorationLine])).toEqual([
      "rgb(8, 127, 91)",
      "none",
    ]);

    await page.goto("/docs/econ/macroeconomic/search?q=series+ids");
    const guide = results.getByRole("listitem").filter({ hasText: "Get series with the series API" });
    await expect(guide).toHaveCount(1);
    const copies = guide.getByRole("list", { name: "Languages of “Get series with the series API”" });
    await expect(copies.getByRole("link")).toHaveText(["Python", "JavaScript", "PHP"]);
    await expect(copies.getByRole("link", { name: "PHP" })).toHaveAttribute(
      "href",
      "/docs/econ/macroeconomic/php/quick-examples/get-series-with-series-api",
    );

    // The results and their form fit a phone (the header is held by the layout tests).
    await page.setViewportSize({ width: 390, height: 844 });
    const widest = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll(".docs-content, .docs-content *")].map((element) => element.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(390);
  },
);

test(
  "quick search: / or Ctrl+K on a docs page opens it, results come as one types, arrows choose, Escape closes",
  { tag: "@no-db" },
  async ({ page }) => {
    test.skip(!javaScriptEnabled(), "the quick search is what JavaScript adds; the search page serves without it");
    await open(page, "/docs/econ/macroeconomic/getting-started/authentication");
    // Loaded on first use, not with the page.
    await expect(page.locator('script[src*="quick-search"]')).toHaveCount(0);
    const overview = page.getByRole("navigation", { name: "Documentation menu" }).getByRole("link", { name: "Overview" });
    await overview.focus();
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Quick search" });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox", { name: "Search this documentation set" });
    await expect(box).toBeFocused();
    await box.pressSequentially("series");
    const options = dialog.getByRole("option");
    await expect(options.first()).toContainText("Search series");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("status")).toHaveText(/^\d+ results for “series”$/);
    await expect(dialog.getByRole("link", { name: "All results for “series”" })).toHaveAttribute(
      "href",
      "/docs/econ/macroeconomic/search?q=series",
    );
    expect(
      (
        await new AxeBuilder({ page }).include(".quick-search").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
      ).violations.map((violation) => violation.id),
    ).toEqual([]);
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "");
    await box.press("ArrowUp");
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(overview).toBeFocused();

    await page.locator("h1").click();
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await box.fill("series");
    await expect(options.first()).toContainText("Search series");
    await box.press("Enter");
    await expect(page).toHaveURL("/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search series");
  },
);

test("quick search in Chinese, at 390 px, from the side menu's button", { tag: "@no-db" }, async ({ page }) => {
  if (!javaScriptEnabled()) {
    await open(page, "/zh/docs/econ/macroeconomic");
    await expect(page.locator(".quick-search-open")).toBeHidden();
    return;
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/zh/docs/econ/macroeconomic");
  await page.locator("details.docs-drawer > summary").click();
  await page.getByRole("button", { name: "快速搜索 /" }).click();
  const dialog = page.getByRole("dialog", { name: "快速搜索" });
  await dialog.getByRole("combobox", { name: "搜索本文档集" }).fill("创建推送");
  await expect(dialog.getByRole("option").first()).toContainText("创建推送");
  expect(await dialog.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  await dialog.getByRole("option").first().click();
  await expect(page).toHaveURL("/zh/docs/econ/macroeconomic/getting-started/create-feed");
});

test("quick search from the docs index and the search page searches every set", { tag: "@no-db" }, async ({ page }) => {
  if (!javaScriptEnabled()) {
    await open(page, "/docs");
    await expect(page.locator(".quick-search-open")).toBeHidden();
    return;
  }
  await open(page, "/docs");
  await page.getByRole("button", { name: "Quick search /" }).click();
  const dialog = page.getByRole("dialog", { name: "Quick search" });
  const box = dialog.getByRole("combobox", { name: "Search the documentation" });
  await box.fill("series");
  // Each result names its set, since they come from all of them.
  await expect(dialog.getByRole("option").first()).toContainText("Macroeconomic");
  await expect(dialog.getByRole("link", { name: "All results for “series”" })).toHaveAttribute("href", "/search?q=series");
  await box.press("Escape");

  await open(page, "/zh/search?q=series");
  await page.locator("h1").click();
  await page.keyboard.press("Control+k");
  const zhDialog = page.getByRole("dialog", { name: "快速搜索" });
  await zhDialog.getByRole("combobox").fill("创建推送");
  await expect(zhDialog.getByRole("option").first()).toContainText("创建推送");
  await expect(zhDialog.getByRole("link", { name: /创建推送/ })).toHaveAttribute(
    "href",
    "/zh/search?q=%E5%88%9B%E5%BB%BA%E6%8E%A8%E9%80%81",
  );
});
