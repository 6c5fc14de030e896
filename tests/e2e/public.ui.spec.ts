import { expect } from "@playwright/test";
import { signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const productPages = [
  { path: "/api-products/econ/macroeconomic", name: "Macroeconomic API", theme: "macro" },
  { path: "/api-products/econ/sandbox", name: "Macroeconomic sandbox", theme: "macro" },
  { path: "/api-products/corp/company", name: "Company API", theme: "company" },
  { path: "/api-products/corp/documents", name: "Documents API", theme: "company" },
  { path: "/api-products/corp/dealwatch", name: "Deal Watch API", theme: "company" },
  { path: "/api-products/flows/api", name: "Fund Flows API", theme: "fund-flow" },
  { path: "/api-products/estate/api", name: "Real Estate API", theme: "intelligence" },
];

/** The primary shade of each brand palette, as the header paints it (with and without JavaScript). */
const themeColours: Record<string, string> = {
  macro: "rgb(8, 127, 91)",
  company: "rgb(25, 113, 194)",
  "fund-flow": "rgb(160, 71, 12)",
  intelligence: "rgb(156, 54, 181)",
};

test.describe("home page", () => {
  test("renders in English with every product, the footer and its links", async ({ page }) => {
    await open(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Financial and economic data, one API away");
    await expect(page.getByRole("link", { name: /^Learn more about/ })).toHaveCount(7);
    const footer = page.locator("footer");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Data API Developer Portal`);
    await expect(footer.getByRole("link", { name: "Terms of use" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "Cookie policy" })).toHaveAttribute("href", "/cookie-policy");
    const status = footer.getByRole("link", { name: "API status" });
    await expect(status).toHaveAttribute("target", "_blank");
    await expect(status).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.locator("body")).toHaveAttribute("data-theme", "default");
    await expect(page.locator("header.site-header")).toHaveCSS("background-color", "rgb(59, 91, 219)");
  });

  test("renders in Chinese under /zh and keeps the prefix on internal links", async ({ page }) => {
    await open(page, "/zh");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("金融与经济数据，一个 API 即可获取");
    await expect(page.getByRole("link", { name: "浏览 API 产品" })).toHaveAttribute("href", "/zh/api-products");
    await expect(page.locator("footer").getByRole("link", { name: "使用条款" })).toHaveAttribute("href", "/zh/terms");
    await expect(page.locator("footer").getByRole("link", { name: "API 状态" })).toHaveAttribute("href", /^https:/);
  });

  test("accepts /en and trailing slashes", async ({ page }) => {
    await open(page, "/en/");
    await expect(page.getByRole("link", { name: "Explore API products" })).toHaveAttribute("href", "/en/api-products");
    await open(page, "/en/api-products/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API products");
  });

  test("the language switcher keeps the current page", async ({ page }) => {
    await open(page, "/contact/report-bug");
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "中文" }).click();
    await expect(page).toHaveURL(/\/zh\/contact\/report-bug$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("报告问题");
    await page.getByRole("navigation", { name: "语言" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/contact\/report-bug$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a bug");
  });

  test("the narrow layout below 991 px has a menu that opens with the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await open(page, "/");
    await expect(page.locator(".nav-desktop")).toBeHidden();
    const menu = page.locator(".nav-mobile summary");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".nav-mobile").getByRole("link", { name: "Contact" })).toBeVisible();
  });
});

test.describe("product pages", () => {
  for (const product of productPages) {
    test(`${product.path} describes the product in its brand theme`, async ({ page }) => {
      await open(page, product.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
      await expect(page.locator("body")).toHaveAttribute("data-theme", product.theme);
      await expect(page.locator("header.site-header")).toHaveCSS("background-color", themeColours[product.theme]!);
      await expect(page.getByRole("heading", { name: "Coverage" })).toBeVisible();
      await expect(
        page.getByText("Support is available 24x6 and replies within one hour, in English, Chinese, Korean and Japanese."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /^Read the .* documentation$/ }).first()).toHaveAttribute("href", /^\/docs\//);
    });
  }

  test("fund flows gives its coverage figures", async ({ page }) => {
    await open(page, "/api-products/flows/api");
    await expect(page.getByText("Over 25 years of fund-flow data")).toBeVisible();
    await expect(page.getByText("151,000 share classes")).toBeVisible();
  });

  test("the macroeconomic page links to its documentation and the sandbox", async ({ page }) => {
    await open(page, "/zh/api-products/econ/macroeconomic");
    await expect(page.getByRole("link", { name: "阅读 宏观经济 API 文档" })).toHaveAttribute("href", "/zh/docs/econ/macroeconomic");
    await expect(page.getByRole("link", { name: "免费试用沙盒" })).toHaveAttribute("href", "/zh/api-products/econ/sandbox");
  });

  test("the index groups the products by family", async ({ page }) => {
    await open(page, "/api-products");
    for (const family of ["Macroeconomic", "Company intelligence", "Fund flows", "Real estate"]) {
      await expect(page.getByRole("heading", { level: 2, name: family })).toBeVisible();
    }
  });
});

test.describe("legal pages", () => {
  for (const [path, title] of [
    ["/terms", "Terms of use"],
    ["/privacy-policy", "Privacy policy"],
    ["/cookie-policy", "Cookie policy"],
    ["/zh/terms", "使用条款"],
  ] as const) {
    test(`${path} renders`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator(".markdown h2").first()).toBeVisible();
    });
  }
});

test.describe("errors", () => {
  for (const path of ["/no-such-page", "/xx/terms", "/api-products/econ/nope", "/contact/complaint", "/a/b/c/d"]) {
    test(`${path} is a 404 with a back link`, async ({ page }) => {
      await open(page, path, 404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("The page you are looking for could not be found.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
    });
  }

  test("the 404 page speaks Chinese under /zh", async ({ page }) => {
    await open(page, "/zh/no-such-page", 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("页面未找到");
  });

  test("an unexpected error shows the generic page with an incident id, and no stack trace", async ({ page }) => {
    const response = await open(page, "/__test/crash?q=1", 500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
    await expect(page).toHaveTitle(/^Something went wrong \| /);
    await expect(page.getByTestId("support-link")).toHaveAttribute("href", "/contact/report-bug");
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    const reference = await page.getByTestId("incident-id").textContent();
    const id = reference?.replace("Incident reference: ", "") ?? "";
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("Deliberate failure");
    expect(html).not.toMatch(/\bat loader/);
    await expect
      .poll(() => e2eDb().selectFrom("incidents").select(["path", "query", "message"]).where("id", "=", id).execute())
      .toEqual([{ path: "/__test/crash", query: "?q=1", message: "Deliberate failure for the error-page test" }]);
    if (javaScriptEnabled()) {
      await expect(page.getByTestId("incident-id")).toHaveText(reference ?? "");
    }
  });

  test("an incident records who was signed in", async ({ page }) => {
    await signInPage(page, { email: "macro@demo.test", password: "demo-password" });
    await open(page, "/__test/crash", 500);
    const id = (await page.getByTestId("incident-id").textContent())?.replace("Incident reference: ", "") ?? "";
    await expect
      .poll(() => e2eDb().selectFrom("incidents").select("username").where("id", "=", id).execute())
      .toEqual([{ username: "macro@demo.test" }]);
  });
});
