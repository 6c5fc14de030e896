import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { field, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

/**
 * Issue 27, "a new feed's first run", with JavaScript on and off: the create form offers "Deliver the current data
 * first", checked at first; the new feed's page explains what each run delivers and links the dump it started with.
 */

async function fillFeed(page: Page, name: string) {
  await open(page, "/dashboard/econ/create-feed");
  await field(page, "Name").fill(name);
  await field(page, "Database").selectOption("DB01");
  await field(page, "Series frequency").selectOption(["annual"]);
}

async function saveAndCreate(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
  await waitForHydration(page);
}

test("a new feed starts with a dump of the current data, linked from its page, unless the box is unchecked", async ({ page }) => {
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));

  await fillFeed(page, "Everything first");
  const box = page.getByRole("checkbox", { name: "Deliver the current data first" });
  await expect(box).toBeChecked();
  await saveAndCreate(page);
  const explained = page.getByTestId("feed-first-run");
  await expect(explained).toContainText("Each run delivers what changed since the previous run.");
  const link = explained.getByRole("link", { name: /^the feed's first dump/ });
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/econ\/dump-details\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything first");

  await fillFeed(page, "Changes only");
  await page.getByRole("checkbox", { name: "Deliver the current data first" }).uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // The preview keeps the choice.
  await expect(page.getByRole("checkbox", { name: "Deliver the current data first" })).not.toBeChecked();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
  await expect(page.getByTestId("feed-first-run")).toContainText("This feed started without a dump of the current data:");
});
