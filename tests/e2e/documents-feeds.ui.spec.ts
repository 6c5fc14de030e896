import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInPage, type TestAccount } from "./support/accounts";
import { field, javaScriptEnabled, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

/**
 * The documents feed screens (SPEC.md sections 2 to 4 and 9), with JavaScript on and off: Save previews the
 * documents total and the first 5, Create stores; every 15 or 60 minutes and nothing else; an Active checkbox;
 * FTP host and port; the list's Activate/Deactivate toggle and next run; no dumps; Chinese under /zh.
 */

const area = "/dashboard/documents";
const criterionMessage =
  "Please enter a keyword or choose at least one country, language, format, industry, publication type, source or topic.";

interface Option {
  value: string;
  label: string;
}

async function signIn(page: Page): Promise<TestAccount> {
  const account = await createAccount({ products: ["documents"] });
  await signInPage(page, account, "corp");
  return account;
}

async function countries(request: APIRequestContext): Promise<Option[]> {
  const response = await request.get("/api/documents-options");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { countries: Option[] }).countries;
}

/** Stores a feed through the JSON API with the page's session. */
async function seedFeed(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/documents-feed", { data: { keyword: "covering", frequency: 15, ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function notification(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

function activeBox(page: Page, label = "Active") {
  return page.getByRole("checkbox", { name: label, exact: true });
}

/** The preview step: "N documents match", at most 5 rows, and Create offered. Answers N. */
async function expectPreview(page: Page): Promise<number> {
  const total = page.getByTestId("documents-total");
  await expect(total).toHaveText(/^\d+ documents? match(es)?$/);
  const count = Number(/^(\d+)/.exec((await total.textContent()) ?? "")![1]);
  await expect(page.getByTestId("documents-preview").locator("tbody tr")).toHaveCount(Math.min(count, 5));
  await expect(page.getByTestId("form-errors")).toHaveCount(0);
  await expect(page.getByTestId("preview-ready")).toBeVisible();
  return count;
}

test.describe("documents feeds", () => {
  test("creates a feed through the preview, shows it, edits it to hourly and inactive, and lists it unscheduled", async ({ page }) => {
    await signIn(page);
    const [country] = await countries(page.request);

    await open(page, `${area}/feeds`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents feeds");
    await expect(page.getByText("No records found.")).toBeVisible();
    await page.getByRole("link", { name: "Create feed" }).click();
    await expect(page).toHaveURL(/\/dashboard\/documents\/create-feed$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a documents feed");
    await expect(page.getByRole("group", { name: "Document selection" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    // The documents shape: 15 or 60 minutes, an Active checkbox, FTP host and port, only a notification URL.
    await expect(field(page, "Frequency").locator("option")).toHaveText(["Every 15 minutes", "Every 60 minutes"]);
    await expect(field(page, "Frequency")).toHaveValue("15");
    await expect(activeBox(page)).toBeChecked();
    await expect(field(page, "Status")).toHaveCount(0);
    await expect(field(page, "Notification e-mail")).toHaveCount(0);
    await expect(field(page, "Notification URL")).toHaveCount(1);
    await expect(page.getByLabel("FTP host")).toHaveCount(1);
    await expect(page.getByLabel("FTP port")).toHaveCount(1);

    await field(page, "Name").fill("Outlooks of one country");
    await field(page, "Keyword").fill("covering");
    await field(page, "Country").selectOption([country!.value]);
    await field(page, "Delivery format").selectOption("xml");
    await save(page);
    const total = await expectPreview(page);
    await expect(field(page, "Name")).toHaveValue("Outlooks of one country");
    await expect(field(page, "Country")).toHaveValues([country!.value]);
    await expect(field(page, "Keyword")).toHaveValue("covering");

    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/documents\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “Outlooks of one country” has been created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outlooks of one country");
    await expect(page.getByTestId("details-general")).toContainText("Every 15 minutes");
    await expect(page.getByTestId("details-general")).toContainText("Active");
    await expect(page.getByTestId("details-schedule")).not.toContainText("Not scheduled (inactive)");
    await expect(page.getByTestId("details-selection").getByRole("row", { name: "Keyword" })).toContainText("covering");
    await expect(page.getByTestId("details-selection").getByRole("row", { name: "Country" })).toContainText(country!.label);
    await expect(page.getByTestId("details-output").getByRole("row", { name: "Delivery format" })).toContainText("XML");
    // No dumps for documents.
    await expect(page.getByRole("button", { name: "Run as dump" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create a dump from this feed" })).toHaveCount(0);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/documents\/edit-feed\/[\w-]+$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit the documents feed");
    await expect(field(page, "Name")).toHaveValue("Outlooks of one country");
    await expect(field(page, "Frequency")).toHaveValue("15");
    await expect(activeBox(page)).toBeChecked();
    await expect(field(page, "Keyword")).toHaveValue("covering");
    await expect(field(page, "Country")).toHaveValues([country!.value]);
    await expect(field(page, "Delivery format")).toHaveValue("xml");
    await field(page, "Frequency").selectOption("60");
    await activeBox(page).uncheck();
    await save(page);
    expect(await expectPreview(page)).toBe(total);
    await expect(activeBox(page)).not.toBeChecked();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/documents\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “Outlooks of one country” has been saved.")).toBeVisible();
    await expect(page.getByTestId("details-general")).toContainText("Every 60 minutes");
    await expect(page.getByTestId("details-general")).toContainText("Inactive");
    await expect(page.getByTestId("details-schedule")).toContainText("Not scheduled (inactive)");

    await open(page, `${area}/feeds`);
    const row = page.getByTestId("feed-row").filter({ hasText: "Outlooks of one country" });
    await expect(row).toContainText("Every 60 minutes");
    await expect(row).toContainText("Inactive");
    await expect(row).toContainText("Not scheduled (inactive)");
    await expect(row.getByRole("button", { name: "Activate Outlooks of one country" })).toBeVisible();
    // No dumps link or "Run as dump" on the list.
    await expect(page.getByRole("link", { name: "Dumps" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Run as dump" })).toHaveCount(0);
  });

  test("the list's Activate/Deactivate toggle flips the status and the next run", async ({ page }) => {
    await signIn(page);
    await seedFeed(page.request, { name: "Toggled", frequency: 15 });
    await seedFeed(page.request, { name: "Untouched", frequency: 60, active: false });
    await open(page, `${area}/feeds`);
    const row = page.getByTestId("feed-row").filter({ hasText: "Toggled" });
    const other = page.getByTestId("feed-row").filter({ hasText: "Untouched" });
    await expect(row).toContainText("Every 15 minutes");
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Not scheduled (inactive)");
    await expect(other).toContainText("Not scheduled (inactive)");

    await row.getByRole("button", { name: "Deactivate Toggled" }).click();
    await expect(notification(page, "The feed “Toggled” is inactive.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/documents\/feeds$/);
    await expect(row).toContainText("Inactive");
    await expect(row).toContainText("Not scheduled (inactive)");
    await expect(row.getByRole("button", { name: "Activate Toggled" })).toBeVisible();
    await expect(other).toContainText("Inactive");

    await row.getByRole("button", { name: "Activate Toggled" }).click();
    await expect(notification(page, "The feed “Toggled” is active.")).toBeVisible();
    await expect(row.getByRole("button", { name: "Deactivate Toggled" })).toBeVisible();
    await expect(row).not.toContainText("Not scheduled (inactive)");
    await expect(other).toContainText("Not scheduled (inactive)");

    // The toggle of a feed that is not the user's is a 404.
    const response = await page.request.post(`${area}/feeds`, { form: { toggle: "no-such-feed" }, maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });

  test("deletes selected feeds after confirming", async ({ page }) => {
    await signIn(page);
    for (const name of ["Feed A", "Feed B", "Feed C"]) await seedFeed(page.request, { name, active: false });
    await open(page, `${area}/feeds`);
    await expect(page.getByTestId("feed-row")).toHaveCount(3);
    await page.getByRole("checkbox", { name: "Select Feed A" }).check();
    await page.getByRole("checkbox", { name: "Select Feed B" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading")).toHaveText("Delete 2 feeds?");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(notification(page, "Feeds deleted: 2.")).toBeVisible();
    await expect(page.getByTestId("feed-row")).toHaveCount(1);
    await expect(page.getByTestId("feed-row")).toContainText("Feed C");
  });

  test("asks for a criterion, refuses a wrong FTP host and port, and refuses a frequency posted by hand", async ({ page }) => {
    await signIn(page);
    await open(page, `${area}/create-feed`);
    const errors = page.getByTestId("form-errors");
    await field(page, "Name").fill("No criterion");
    await save(page);
    await expect(errors).toContainText(`Keyword: ${criterionMessage}`);
    await expect(field(page, "Keyword")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Keyword").fill("covering");
    await field(page, "Delivery method").selectOption("ftp");
    await page.getByLabel("FTP host").fill("ftp://ftp.example.com");
    await page.getByLabel("FTP port").fill("70000");
    await page.getByLabel("FTP username").fill("reader");
    await page.getByLabel("FTP password").fill("secret");
    await save(page);
    await expect(errors).toContainText("FTP host: Please enter a host name such as ftp.example.com, without ftp:// or a port.");
    await expect(errors).toContainText("FTP port: Please enter a port between 1 and 65535.");
    await expect(page.getByLabel("FTP host")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("FTP port")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await page.getByLabel("FTP host").fill("ftp.example.com");
    await page.getByLabel("FTP port").fill("2121");
    await page.getByLabel("FTP password").fill("secret");
    await save(page);
    await expectPreview(page);
    await page.getByLabel("FTP password").fill("secret");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(notification(page, "The feed “No criterion” has been created.")).toBeVisible();
    await expect(page.getByTestId("details-general")).toContainText("Every 15 minutes");

    // Frequencies other than 15 and 60, posted by hand to the page's action: a 4xx with the message, nothing stored.
    for (const frequency of ["30", "daily", "0"]) {
      for (const intent of ["preview", "create"]) {
        const response = await page.request.post(`${area}/create-feed`, {
          form: { intent, name: "By hand", frequency, keyword: "covering", active: "on" },
          maxRedirects: 0,
        });
        expect(response.status(), `${intent} with frequency ${frequency}`).toBeGreaterThanOrEqual(400);
        expect(response.status(), `${intent} with frequency ${frequency}`).toBeLessThan(500);
        expect(await response.text()).toContain("Please choose one of the listed options.");
      }
    }
    const noCriterion = await page.request.post(`${area}/create-feed`, {
      form: { intent: "create", name: "By hand", frequency: "15" },
      maxRedirects: 0,
    });
    expect(noCriterion.status()).toBe(422);
    expect(await noCriterion.text()).toContain(criterionMessage);
    const list = await page.request.get("/api/documents-feed");
    expect(((await list.json()) as { feeds: { name: string }[] }).feeds.map((feed) => feed.name)).toEqual(["No criterion"]);
  });

  test("an edit posted by hand with another frequency is refused and the feed keeps its own", async ({ page }) => {
    await signIn(page);
    const id = await seedFeed(page.request, { name: "Quarter hour", frequency: 15 });
    const response = await page.request.post(`${area}/edit-feed/${id}`, {
      form: { intent: "save", name: "Quarter hour", frequency: "45", keyword: "covering", active: "on" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(422);
    expect(await response.text()).toContain("Please choose one of the listed options.");
    await open(page, `${area}/feed-details/${id}`);
    await expect(page.getByTestId("details-general")).toContainText("Every 15 minutes");
  });
});

test("the side menu shows the Documents group with its feeds, and documents have no dumps", async ({ page }) => {
  await signIn(page);
  await open(page, "/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard menu" });
  await expect(menu.getByText("Documents", { exact: true })).toBeVisible();
  await expect(menu.getByText("Company", { exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Feeds" })).toHaveAttribute("href", "/dashboard/documents/feeds");
  await expect(menu.getByRole("link", { name: "Dumps" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Feeds" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/feeds$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Documents feeds");

  for (const path of [`${area}/dumps`, `${area}/create-dump`, `${area}/dump-details/x`, "/zh/dashboard/documents/dumps"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const id = await seedFeed(page.request, { name: "No dumps", active: false });
  for (const [path, form] of [
    [`${area}/feeds`, { intent: "run", feedId: id }],
    [`${area}/feed-details/${id}`, { intent: "run" }],
  ] as const) {
    const response = await page.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), `POST ${path} intent=run`).toBe(400);
  }
});

test("the documents screens are in Chinese under /zh", async ({ page }) => {
  await signIn(page);
  await open(page, "/zh/dashboard/documents/create-feed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建文档订阅");
  await expect(field(page, "频率").locator("option")).toHaveText(["每 15 分钟", "每 60 分钟"]);
  await field(page, "名称").fill("中文订阅");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByTestId("form-errors")).toContainText(
    "请输入关键词，或至少选择一个国家、语言、格式、行业、出版物类型、来源或主题。",
  );
  await field(page, "关键词").fill("covering");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByTestId("documents-total")).toHaveText(/^匹配 \d+ 份文档$/);
  await page.getByRole("button", { name: "创建", exact: true }).click();
  await expect(page).toHaveURL(/\/zh\/dashboard\/documents\/feed-details\/[\w-]+$/);
  await expect(page.getByTestId("details-general")).toContainText("每 15 分钟");

  await open(page, "/zh/dashboard/documents/feeds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("文档订阅");
  const row = page.getByTestId("feed-row").filter({ hasText: "中文订阅" });
  await expect(row).toContainText("每 15 分钟");
  await row.getByRole("button", { name: "停用 中文订阅" }).click();
  await expect(notification(page, "订阅“中文订阅”已停用。")).toBeVisible();
  await expect(page).toHaveURL(/\/zh\/dashboard\/documents\/feeds$/);
  await expect(row).toContainText("未计划（已停用）");
  await expect(page.getByRole("link", { name: "创建数据推送" })).toHaveAttribute("href", "/zh/dashboard/documents/create-feed");
});

test("the form's FTP fields show once FTP is chosen when JavaScript runs", async ({ page }) => {
  test.skip(!javaScriptEnabled(), "without JavaScript every field shows");
  await signIn(page);
  await open(page, `${area}/create-feed`);
  await expect(page.getByLabel("FTP host")).toBeHidden();
  await field(page, "Delivery method").selectOption("ftp");
  await expect(page.getByLabel("FTP host")).toBeVisible();
  await expect(page.getByLabel("FTP port")).toBeVisible();
});
