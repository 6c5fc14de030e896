import { expect, test } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { open } from "./support/pages";

/** The Content-Security-Policy must not break the pages it protects: nothing of ours is blocked. */
test("[security-9] pages run under their Content-Security-Policy without a single violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
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
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});
