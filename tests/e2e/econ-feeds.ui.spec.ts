import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInPage, signInToken } from "./support/accounts";
import { field, javaScriptEnabled, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

/**
 * The macroeconomic feed screens and the create-dump screen (SPEC.md sections 2 to 6), with JavaScript on
 * and off: Save previews the series, Create stores; bulk delete asks first; every form message of section 5.
 */

const database = "World Economic Indicators";

/** Stores a feed through the create-feed action itself (the second step, without the preview). */
async function seedFeed(
  request: APIRequestContext,
  name: string,
  status: "active" | "inactive" = "active",
  fields: Record<string, string> = {},
): Promise<string> {
  const response = await request.post("/dashboard/econ/create-feed", {
    form: { intent: "create", name, database: "DB01", seriesFrequency: "annual", status, ...fields },
    maxRedirects: 0,
  });
  expect(response.status(), `creating ${name}`).toBe(302);
  const id = /\/feed-details\/([\w-]+)$/.exec(response.headers().location ?? "")?.[1];
  expect(id, "the new feed's id").toBeTruthy();
  return id ?? "";
}

async function signIn(page: Page) {
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  return account;
}

function notification(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

/** The first step answered with a preview: the total and at least one row. */
async function expectPreview(page: Page) {
  await expect(page.getByTestId("series-total")).toHaveText(/^[\d,]+ series match(es)?$/);
  await expect(page.getByTestId("series-preview").locator("tbody tr").first()).toBeVisible();
  await expect(page.getByTestId("form-errors")).toHaveCount(0);
}

test.describe("macroeconomic feeds", () => {
  test("creates a feed through the preview step and shows its details", async ({ page }) => {
    await signIn(page);
    await open(page, "/dashboard/econ/feeds");
    await expect(page.getByText("No records found.")).toBeVisible();
    await page.getByRole("link", { name: "Create feed" }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/create-feed$/);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Name").fill("GDP watch");
    const allTopics = await field(page, "Topic").locator("option").count();
    expect(allTopics).toBeGreaterThan(1);
    await field(page, "Description").fill("Annual national accounts");
    await field(page, "Frequency").selectOption("weekly");
    await field(page, "Database").selectOption({ label: database });
    await field(page, "Series frequency").selectOption(["annual"]);
    await field(page, "Notification e-mail").fill("ops@example.com, data@example.org");
    if (javaScriptEnabled()) {
      // With JavaScript the topics follow the database, and Save answers without reloading the page.
      await expect.poll(() => field(page, "Topic").locator("option").count()).toBeLessThan(allTopics);
      await page.evaluate(() => (document.documentElement.dataset.econKept = "yes"));
    }
    await save(page);
    await expectPreview(page);
    if (javaScriptEnabled()) await expect(page.locator("html")).toHaveAttribute("data-econ-kept", "yes");
    await expect(field(page, "Name")).toHaveValue("GDP watch");
    await expect(field(page, "Database")).toHaveValue("DB01");
    await expect(field(page, "Series frequency")).toHaveValues(["annual"]);

    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “GDP watch” has been created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("GDP watch");
    await expect(page.getByTestId("details-general")).toContainText("Weekly");
    await expect(page.getByTestId("details-selection")).toContainText(database);
    await expect(page.getByTestId("details-selection")).toContainText("Annual");
    await expect(page.getByTestId("details-notification")).toContainText("ops@example.com, data@example.org");
    await expect(page.getByTestId("details-schedule")).toContainText("Never");
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute("href", /\/dashboard\/econ\/edit-feed\/[\w-]+$/);
  });

  // The journey goes on from a stored feed, so that each half keeps well inside the timeout on a loaded machine.
  test("edits a feed through the preview step, lists it and filters the list by status", async ({ page }) => {
    await signIn(page);
    const feedId = await seedFeed(page.request, "GDP watch", "active", { frequency: "weekly" });
    await open(page, `/dashboard/econ/feed-details/${feedId}`);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(`/dashboard/econ/edit-feed/${feedId}`);
    await waitForHydration(page);
    await expect(field(page, "Name")).toHaveValue("GDP watch");
    await expect(field(page, "Series frequency")).toHaveValues(["annual"]);
    await field(page, "Name").fill("GDP weekly watch");
    await save(page);
    await expectPreview(page);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “GDP weekly watch” has been saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("GDP weekly watch");

    await open(page, "/dashboard/econ/feeds");
    const row = page.getByTestId("feed-row").filter({ hasText: "GDP weekly watch" });
    await expect(row).toContainText("Weekly");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Download from the platform");
    await expect(row).toContainText("Never");
    await expect(row.getByRole("link", { name: "Edit GDP weekly watch" })).toHaveAttribute("href", /\/dashboard\/econ\/edit-feed\//);

    await field(page, "Status").selectOption("inactive");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\?status=inactive$/);
    await expect(page.getByText("No records found.")).toBeVisible();
    await field(page, "Status").selectOption("active");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\?status=active$/);
    await expect(page.getByTestId("feed-row")).toHaveCount(1);
  });

  test("deletes two feeds at once after confirming, and asks for a selection first", async ({ page }) => {
    await signIn(page);
    for (const name of ["Feed A", "Feed B", "Feed C"]) await seedFeed(page.request, name);
    await open(page, "/dashboard/econ/feeds");
    await expect(page.getByTestId("feed-row")).toHaveCount(3);

    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page.getByTestId("list-error")).toHaveText("Please fill out this field.");
    await page.getByRole("button", { name: "Run as dump" }).click();
    await expect(page.getByTestId("list-error")).toHaveText("Please fill out this field.");

    await page.getByRole("checkbox", { name: "Select Feed A" }).check();
    await page.getByRole("checkbox", { name: "Select Feed B" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading")).toHaveText("Delete 2 feeds?");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByTestId("feed-row")).toHaveCount(3);

    await page.getByRole("checkbox", { name: "Select Feed A" }).check();
    await page.getByRole("checkbox", { name: "Select Feed B" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(dialog).toContainText("Feed A");
    await expect(dialog).toContainText("Feed B");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(notification(page, "Feeds deleted: 2.")).toBeVisible();
    await expect(page.getByTestId("feed-row")).toHaveCount(1);
    await expect(page.getByTestId("feed-row")).toContainText("Feed C");
  });

  test("runs a selected feed as a dump and deletes a feed from its details", async ({ page }) => {
    await signIn(page);
    const feedId = await seedFeed(page.request, "Run me");
    await open(page, "/dashboard/econ/feeds");
    await page.getByRole("checkbox", { name: "Select Run me" }).check();
    await page.getByRole("button", { name: "Run as dump" }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/dumps$/);
    await expect(notification(page, "Dumps started: 1.")).toBeVisible();

    await open(page, `/dashboard/econ/feed-details/${feedId}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alertdialog").getByRole("heading")).toHaveText("Delete the feed “Run me”?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/feeds$/);
    await expect(notification(page, "The feed “Run me” has been deleted.")).toBeVisible();
    await expect(page.getByText("No records found.")).toBeVisible();
  });

  test("validates the feed form: name, database, notification addresses", async ({ page }) => {
    await signIn(page);
    await open(page, "/dashboard/econ/create-feed");
    await save(page);
    const errors = page.getByTestId("form-errors");
    await expect(errors).toContainText("Name: Please fill out this field.");
    await expect(errors).toContainText("Database: Please select database.");
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Database")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Name").fill("Checked feed");
    await field(page, "Database").selectOption({ label: database });
    await field(page, "Notification e-mail").fill("ops@example.com, not-an-address");
    await save(page);
    await expect(errors).toContainText("Notification e-mail: Please enter valid e-mail addresses, separated by commas.");
    await expect(field(page, "Notification e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);
  });

  test("an FTP feed asks for its URL, never shows its password back, and stores the host", async ({ page }) => {
    await signIn(page);
    await open(page, "/dashboard/econ/create-feed");
    const errors = page.getByTestId("form-errors");
    await field(page, "Name").fill("Checked feed");
    await field(page, "Database").selectOption({ label: database });
    await field(page, "Notification e-mail").fill("ops@example.com,data@example.org, team@example.net");
    await field(page, "Delivery method").selectOption("ftp");
    await field(page, "FTP URL").fill("");
    await field(page, "FTP username").fill("feeds");
    await field(page, "FTP password").fill("s3cret-pass");
    await save(page);
    await expect(errors).toContainText("FTP URL: Please fill out this field.");
    await expect(errors).not.toContainText("Notification e-mail");
    await expect(field(page, "FTP URL")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("body")).not.toContainText("s3cret-pass");

    await field(page, "FTP URL").fill("ftp.example.com");
    await field(page, "FTP password").fill("s3cret-pass");
    await save(page);
    await expectPreview(page);
    // [security-17] no sealed password travels through the page: without JavaScript the field is typed again.
    await expect(page.locator('input[name="ftpPasswordSealed"]')).toHaveCount(0);
    expect(await page.content()).not.toMatch(/s3cret-pass|v[12]:[A-Za-z0-9+/]{20}/);
    await field(page, "FTP password").fill("s3cret-pass");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
    await expect(page.getByTestId("details-delivery")).toContainText("ftp.example.com");
    await expect(page.getByTestId("details-notification")).toContainText("ops@example.com, data@example.org, team@example.net");
  });

  test("refuses a sixth active feed with the feed-limit message", async ({ page }) => {
    test.slow();
    await signIn(page);
    for (let i = 1; i <= 5; i++) await seedFeed(page.request, `Active ${i}`);
    await open(page, "/dashboard/econ/create-feed");
    await field(page, "Name").fill("Sixth");
    await field(page, "Database").selectOption({ label: database });
    await save(page);
    await expect(page.getByTestId("form-errors")).toContainText("You can have at most 5 active feeds. Deactivate or delete a feed first.");
    await expect(field(page, "Status")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Status").selectOption("inactive");
    await save(page);
    await expectPreview(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(notification(page, "The feed “Sixth” has been created.")).toBeVisible();
    await expect(page.getByTestId("details-general")).toContainText("Inactive");
  });

  test("editing a feed the user cannot see is a 404 with the SPEC message", async ({ page, playwright }) => {
    const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signInToken(other, await createAccount({ products: ["macroeconomic"] }));
    const feedId = await seedFeed(other, "Not yours");
    await other.dispose();

    await signIn(page);
    await open(page, `/dashboard/econ/edit-feed/${feedId}`, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText("The feed you are trying to edit could not be found.")).toBeVisible();
    await open(page, `/dashboard/econ/feed-details/${feedId}`, 404);
  });
});

test("the forms and their messages are in Chinese under /zh", async ({ page }) => {
  await signIn(page);
  await open(page, "/zh/dashboard/econ/create-feed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建宏观经济数据推送");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByTestId("form-errors")).toContainText("数据库: 请选择数据库。");
  await expect(page.getByTestId("form-errors")).toContainText("名称: 请填写此字段。");
  await open(page, "/zh/dashboard/econ/feeds");
  await expect(page.getByText("未找到记录。")).toBeVisible();
  await expect(page.getByRole("link", { name: "创建数据推送" })).toHaveAttribute("href", "/zh/dashboard/econ/create-feed");
});

test.describe("macroeconomic dumps", () => {
  test("creates a dump through the preview step; the database is mandatory", async ({ page }) => {
    await signIn(page);
    await open(page, "/dashboard/econ/create-dump");
    await expect(field(page, "Frequency")).toHaveCount(0);
    await expect(field(page, "Status")).toHaveCount(0);
    await field(page, "Name").fill("Trade history");
    await save(page);
    await expect(page.getByTestId("form-errors")).toContainText("Database: Please select database.");
    await expect(field(page, "Database")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Database").selectOption({ label: database });
    await field(page, "Series frequency").selectOption(["quarterly"]);
    await page.getByLabel("Include point-in-time vintages").check();
    await save(page);
    await expectPreview(page);
    await expect(page.getByLabel("Include point-in-time vintages")).toBeChecked();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/dump-details\/[\w-]+$/);
    await expect(notification(page, "The dump “Trade history” has been created and queued.")).toBeVisible();
  });

  test("a dump can start from a feed", async ({ page }) => {
    await signIn(page);
    const feedId = await seedFeed(page.request, "Source feed");
    await open(page, `/dashboard/econ/feed-details/${feedId}`);
    await page.getByRole("link", { name: "Create a dump from this feed" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/econ/create-dump\\?fromFeed=${feedId}$`));
    await waitForHydration(page);
    await expect(field(page, "Name")).toHaveValue("Source feed");
    await expect(field(page, "Database")).toHaveValue("DB01");
    await expect(field(page, "Series frequency")).toHaveValues(["annual"]);
    await save(page);
    await expectPreview(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/econ\/dump-details\/[\w-]+$/);
  });
});
