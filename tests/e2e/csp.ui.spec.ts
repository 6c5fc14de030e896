import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/** The Content-Security-Policy must not break the pages it protects: nothing of ours is blocked. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

test("[security-9] pages run under their Content-Security-Policy without a single violation", async ({ page }) => {
  const violations = await collectViolations(page);
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  for (const path of [
    "/",
    "/docs/econ/macroeconomic",
    "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get",
    "/contact/general-inquiry",
    "/dashboard/econ/create-feed",
    "/zh/faq",
  ]) {
    await open(page, path);
  }
  if (javaScriptEnabled()) {
    // A docs page's scripts, held until a reader reaches for the builder, run under the nonce as well.
    await open(page, "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get");
    await page.getByTestId("query-builder").hover();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});

test("[security-9] a docs page from the page cache runs under its script hashes and hydrates", async ({ page }) => {
  const violations = await collectViolations(page);
  const path = "/zh/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get";
  await expect.poll(async () => (await page.request.get(path)).headers()["x-cache"]).toBe("hit");
  const response = await open(page, path);
  expect(response?.headers()["x-cache"]).toBe("hit");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  if (javaScriptEnabled()) {
    // Remix's scripts wait in a template until a reader reaches for the builder; then they run under their hashes too.
    await page.getByTestId("query-builder").hover();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});
