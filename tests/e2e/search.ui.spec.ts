import { expect } from "@playwright/test";
import { open } from "./support/pages";
import { test } from "./support/test";

const seriesDataHref = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D%2Fdata&method=get";

test("the docs side menu searches its set, and a result leads to the operation", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/econ/macroeconomic");
  await page.getByRole("searchbox", { name: "Search this documentation set" }).fill("series data");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
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
  await page.getByRole("search").getByRole("button", { name: "搜索" }).click();
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
