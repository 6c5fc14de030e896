import { expect } from "@playwright/test";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const operationPage = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get";

test(
  "the query builder's code loads when a reader reaches for the builder, which then answers in place",
  { tag: "@no-db" },
  async ({ page }) => {
    test.skip(!javaScriptEnabled(), "without JavaScript the builder is the server's form (query-builder.ui.spec.ts)");
    const builderCode: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/query-builder-form-")) builderCode.push(request.url());
    });
    await open(page, operationPage);
    expect(builderCode, "loaded before anyone reached for the builder").toEqual([]);

    const builder = page.getByTestId("query-builder");
    await builder.getByLabel("API key").fill("econ_not-a-key");
    await expect(page.locator("[data-island][data-hydrated]").getByTestId("query-builder")).toHaveCount(1);
    expect(builderCode).toHaveLength(1);
    await builder.getByLabel(/^id/).fill("GDP");
    // A full page load would drop this mark: the answer has to come from the hydrated form's fetcher.
    await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
    await builder.getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("query-builder-status")).toHaveText(/^401 /);
    await expect(page.locator("html[data-same-document]")).toHaveCount(1);
  },
);

test(
  "a docs page runs only its own small script until a reader reaches for the builder; then React takes the page over",
  { tag: "@no-db" },
  async ({ page }) => {
    test.skip(!javaScriptEnabled(), "without JavaScript no script runs at all");
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await open(page, operationPage);
    await page.waitForLoadState("load");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/docs-page\.browser-[\w-]+\.js$/)]);
    // What the page's own script gives it: the copy buttons, labelled, and the current menu entry in view.
    await expect(page.locator(".copy-code").first()).toHaveText("Copy");
    await expect(page.locator('.docs-menu [aria-current="page"]')).toBeInViewport();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    await page.getByTestId("query-builder").scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByTestId("query-builder").hover();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Taken over where the reader is: React's scroll restoration leaves the page where it was.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(scripts.some((script) => script.includes("/entry.client-"))).toBe(true);
    // Hydrated, the page navigates in place like any other.
    await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
    await page.locator(".docs-menu").getByRole("link", { name: "Authentication" }).click();
    await expect(page).toHaveURL(/\/getting-started\/authentication$/);
    await expect(page.locator("html[data-same-document]")).toHaveCount(1);
    expect(errors).toEqual([]);
  },
);

test("the sandbox's register-trial page hydrates at once: its captcha runs without waiting for a reader", async ({ page }) => {
  test.skip(!javaScriptEnabled(), "without JavaScript nothing hydrates");
  await page.goto("/docs/econ/sandbox/register-trial");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("#deferred-scripts")).toHaveCount(0);
});
