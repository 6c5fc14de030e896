import { expect, test } from "@playwright/test";
import { javaScriptEnabled, open } from "./support/pages";

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
