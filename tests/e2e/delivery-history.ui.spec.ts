import { expect } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { deliveryAttempts, seedRetryingRun } from "./support/deliveries";
import { open } from "./support/pages";
import { test } from "./support/test";

/** A feed's page shows each run's deliveries and attempts, and "Retry delivery now" works with JavaScript on and off. */

test("the feed page shows a failing delivery's attempts and retries it now", async ({ page }) => {
  test.setTimeout(60_000);
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  const response = await page.request.post("/dashboard/econ/create-feed", {
    form: { intent: "create", name: "Watched feed", database: "DB01", seriesFrequency: "annual", status: "active" },
    maxRedirects: 0,
  });
  const feedId = /\/feed-details\/([\w-]+)$/.exec(response.headers().location ?? "")?.[1] ?? "";
  expect(feedId).toBeTruthy();
  const { deliveryId } = await seedRetryingRun(feedId);

  await open(page, `/dashboard/econ/feed-details/${feedId}`);
  const run = page.getByTestId("feed-run").first();
  await expect(run).toHaveAttribute("data-state", "retrying");
  await expect(run.getByTestId("run-counts")).toHaveText("1 new, 2 changed");
  const webhook = run.getByTestId("delivery").filter({ hasText: "Webhook" });
  await expect(webhook.getByTestId("delivery-state")).toHaveText("Retrying");
  await expect(webhook.getByTestId("delivery-error")).toContainText("The webhook answered HTTP 503");
  await webhook.getByText("Attempts: 1").click();
  await expect(webhook.getByTestId("delivery-attempts").getByRole("listitem")).toHaveCount(1);

  // The reason is stored in English and shown in the reader's language.
  await open(page, `/zh/dashboard/econ/feed-details/${feedId}`);
  const chinese = page.getByTestId("feed-run").first().getByTestId("delivery").filter({ hasText: "Webhook" });
  await expect(chinese.getByTestId("delivery-error")).toContainText("Webhook返回了 HTTP 503");
  await chinese.locator("summary").click();
  await expect(chinese.getByTestId("delivery-attempts")).toContainText("Webhook返回了 HTTP 503");
  await open(page, `/dashboard/econ/feed-details/${feedId}`);

  await run.getByRole("button", { name: "Retry delivery now" }).click();
  await expect(page.getByTestId("notification").filter({ hasText: "The delivery is being retried now." })).toBeVisible();
  await expect.poll(() => deliveryAttempts(deliveryId), { timeout: 20_000 }).toBe(2);
  await page.reload();
  await page.getByTestId("feed-run").first().getByText("Attempts: 2").click();
  await expect(page.getByTestId("feed-run").first().getByTestId("delivery-attempts").getByRole("listitem")).toHaveCount(2);
});
