import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInPage, type TestAccount } from "./support/accounts";
import { holdDumpQueue, markDumpRunning } from "./support/dump-queue";
import { field, javaScriptEnabled, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

/**
 * The company feed and dump screens (SPEC.md sections 2 to 6 and 9), with JavaScript on and off: Save
 * previews the first 5 companies and their total, Create stores; ids or criteria, never both; at most 100
 * ids in a preview; at most 5 active feeds; dumps followed to their files; bulk actions; Chinese under /zh.
 */

const area = "/dashboard/corp";

interface Option {
  value: string;
  label: string;
}

interface CompanyOptions {
  countries: Option[];
  industries: Option[];
}

interface Preview {
  total: number;
  items: { id: string; name: string; country: string }[];
}

async function signIn(page: Page): Promise<TestAccount> {
  const account = await createAccount({ products: ["company"] });
  await signInPage(page, account, "corp");
  return account;
}

async function companyOptions(request: APIRequestContext): Promise<CompanyOptions> {
  const response = await request.get("/api/corp-company-options");
  expect(response.status()).toBe(200);
  return (await response.json()) as CompanyOptions;
}

async function preview(request: APIRequestContext, body: Record<string, unknown>): Promise<Preview> {
  const response = await request.post("/api/corp-feed/preview", { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Preview;
}

/** A catalog country with more companies than a preview lists, so the preview shows 5 of a larger total. */
async function busyCountry(request: APIRequestContext): Promise<Option & { total: number }> {
  for (const country of (await companyOptions(request)).countries) {
    const { total } = await preview(request, { country: [country.value] });
    if (total > 5) return { ...country, total };
  }
  throw new Error("no country has more than 5 companies");
}

/** Real company ids of the catalog: a preview lists 5 companies, so they are gathered country by country, then industry by industry. */
async function companyIds(request: APIRequestContext, count: number): Promise<string[]> {
  const options = await companyOptions(request);
  const ids = new Set<string>();
  const criteria = [
    ...options.countries.map((option) => ({ country: [option.value] })),
    ...options.industries.map((option) => ({ mainIndustry: [option.value] })),
  ];
  // Eight previews at a time: a hundred ids take twenty of them.
  for (let start = 0; start < criteria.length; start += 8) {
    const previews = await Promise.all(criteria.slice(start, start + 8).map((criterion) => preview(request, criterion)));
    for (const item of previews.flatMap((each) => each.items)) ids.add(item.id);
    if (ids.size >= count) return [...ids].slice(0, count);
  }
  throw new Error(`fewer than ${count} companies found`);
}

/** Stores a feed through the JSON API with the page's session. */
async function seedFeed(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/corp-feed", { data: { keyword: "bank", ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function seedDump(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/corp-dump", { data: { keyword: "bank", ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function notification(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

/** The first step answered with the company preview: the total and the first (at most 5) companies. */
async function expectPreview(page: Page, total: number) {
  const shown = Math.min(total, 5);
  const caption =
    total > shown ? `${total.toLocaleString("en-US")} companies match; the first ${shown} are listed.` : `${total} companies match.`;
  await expect(page.getByTestId("company-total")).toHaveText(caption);
  await expect(page.getByTestId("company-preview").locator("tbody tr")).toHaveCount(shown);
  await expect(page.getByTestId("form-errors")).toHaveCount(0);
  await expect(page.getByTestId("preview-ready")).toContainText(`${total.toLocaleString("en-US")} companies match`);
}

/** Waits for the first dump status on the page to read `status`: live with JavaScript, by reloading without. */
async function waitForStatus(page: Page, status: string) {
  if (javaScriptEnabled()) {
    await expect(page.getByTestId("dump-status").first()).toHaveText(status, { timeout: 30_000 });
    return;
  }
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("dump-status").first()).toHaveText(status, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

test.describe("company feeds", () => {
  test("creates a feed by search criteria through the preview and shows it with catalog names", async ({ page }) => {
    await signIn(page);
    const country = await busyCountry(page.request);

    await open(page, `${area}/feeds`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company feeds");
    await expect(page.getByText("No records found.")).toBeVisible();
    await page.getByRole("link", { name: "Create feed" }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/create-feed$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a company feed");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Name").fill("Banks of one country");
    await field(page, "Description").fill("Profiles and statements");
    await field(page, "Frequency").selectOption("weekly");
    await field(page, "Country").selectOption([country.value]);
    await field(page, "Years").fill("2022, 2023");
    await field(page, "Periods").selectOption(["FY"]);
    await field(page, "Currency").selectOption("EUR");
    await field(page, "Notification e-mail").fill("ops@example.com, data@example.org");
    if (javaScriptEnabled()) await page.evaluate(() => (document.documentElement.dataset.corpKept = "yes"));
    await save(page);
    await expectPreview(page, country.total);
    // With JavaScript, Save answers without reloading the page.
    if (javaScriptEnabled()) await expect(page.locator("html")).toHaveAttribute("data-corp-kept", "yes");
    await expect(page.getByTestId("company-preview").locator("tbody tr").first()).toContainText(country.value);
    await expect(field(page, "Name")).toHaveValue("Banks of one country");
    await expect(field(page, "Country")).toHaveValues([country.value]);
    await expect(field(page, "Years")).toHaveValue("2022, 2023");

    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “Banks of one country” has been created.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Banks of one country");
    await expect(page.getByTestId("details-general")).toContainText("Weekly");
    await expect(page.getByTestId("details-general")).toContainText("Active");
    const selection = page.getByTestId("details-selection");
    await expect(selection.getByRole("row", { name: "Country" })).toContainText(country.label);
    await expect(selection.getByRole("row", { name: "Company ids" })).toHaveCount(0);
    await expect(page.getByTestId("details-statements").getByRole("row", { name: "Years" })).toContainText("2022, 2023");
    await expect(page.getByTestId("details-statements").getByRole("row", { name: "Periods" })).toContainText("Financial year");
    await expect(page.getByTestId("details-output").getByRole("row", { name: "Currency" })).toContainText("Euro");
    await expect(page.getByTestId("details-output").getByRole("row", { name: "Financial statements" })).toContainText("Yes");
    await expect(page.getByTestId("details-notification")).toContainText("ops@example.com, data@example.org");
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute("href", /\/dashboard\/corp\/edit-feed\/[\w-]+$/);
  });

  // The journey goes on from a stored feed, so that each half keeps well inside the timeout on a loaded machine.
  test("edits a feed by search criteria through the preview, and lists it", async ({ page }) => {
    await signIn(page);
    const country = await busyCountry(page.request);
    const feedId = await seedFeed(page.request, {
      name: "Banks of one country",
      keyword: undefined,
      country: [country.value],
      frequency: "weekly",
      statementPeriod: ["FY"],
      currency: "EUR",
    });
    await open(page, `${area}/feed-details/${feedId}`);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(`${area}/edit-feed/${feedId}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit the company feed");
    await expect(field(page, "Name")).toHaveValue("Banks of one country");
    await expect(field(page, "Country")).toHaveValues([country.value]);
    await expect(field(page, "Periods")).toHaveValues(["FY"]);
    await expect(field(page, "Currency")).toHaveValue("EUR");
    await field(page, "Name").fill("Companies of one country");
    await field(page, "Frequency").selectOption("monthly");
    await save(page);
    await expectPreview(page, country.total);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/feed-details\/[\w-]+$/);
    await expect(notification(page, "The feed “Companies of one country” has been saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Companies of one country");
    await expect(page.getByTestId("details-general")).toContainText("Monthly");

    await open(page, `${area}/feeds`);
    const row = page.getByTestId("feed-row").filter({ hasText: "Companies of one country" });
    await expect(row).toContainText("Monthly");
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Download from the platform");
    await expect(row.getByRole("link", { name: "Edit Companies of one country" })).toHaveAttribute(
      "href",
      /\/dashboard\/corp\/edit-feed\//,
    );
    await field(page, "Status").selectOption("inactive");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\?status=inactive$/);
    await expect(page.getByText("No records found.")).toBeVisible();
  });

  test("creates a feed from company ids", async ({ page }) => {
    await signIn(page);
    const ids = await companyIds(page.request, 3);
    await open(page, `${area}/create-feed`);
    await field(page, "Name").fill("Three companies");
    await field(page, "Company ids").fill(`${ids[0]}, ${ids[1]}\n${ids[2]}`);
    await field(page, "Status").selectOption("inactive");
    await save(page);
    await expectPreview(page, 3);
    for (const id of ids) await expect(page.getByTestId("company-preview")).toContainText(id);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(notification(page, "The feed “Three companies” has been created.")).toBeVisible();
    await expect(page.getByTestId("details-selection").getByRole("row", { name: "Company ids" })).toContainText(ids.join(", "));
    await expect(page.getByTestId("details-general")).toContainText("Inactive");
  });

  test("asks for company ids or criteria, not both and not neither, and previews a long id list by its first 100 ids", async ({ page }) => {
    await signIn(page);
    const ids = await companyIds(page.request, 101);
    await open(page, `${area}/create-feed`);
    const errors = page.getByTestId("form-errors");

    await save(page);
    await expect(errors).toContainText("Name: Please fill out this field.");
    await expect(errors).toContainText("Company ids: Please enter company ids or other search criteria.");
    await expect(field(page, "Company ids")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Name").fill("Mixed selection");
    await field(page, "Company ids").fill(ids[0]!);
    await field(page, "Keyword").fill("bank");
    await save(page);
    // SPEC.md section 5, word for word.
    await expect(errors.getByRole("listitem")).toHaveText(["Company ids: Please use either company ids or other search criteria"]);
    await expect(field(page, "Company ids")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Keyword").fill("");
    await field(page, "Company ids").fill(ids.join("\n"));
    await save(page);
    await expectPreview(page, 101);
    await expect(page.getByTestId("preview-notice")).toHaveText(
      "The preview looks at the first 100 of the 101 listed ids; the total counts them all.",
    );
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(notification(page, "The feed “Mixed selection” has been created.")).toBeVisible();
    await expect(page.getByTestId("details-selection").getByRole("row", { name: "Company ids" })).toContainText(ids[99]!);
  });

  test("refuses a sixth active feed with the feed-limit message", async ({ page }) => {
    await signIn(page);
    for (let index = 1; index <= 5; index++) await seedFeed(page.request, { name: `Active ${index}` });
    await seedFeed(page.request, { name: "Paused", status: "inactive" });
    await open(page, `${area}/create-feed`);
    await field(page, "Name").fill("Sixth");
    await field(page, "Keyword").fill("bank");
    await save(page);
    await expect(page.getByTestId("form-errors")).toContainText(
      "Status: You can have at most 5 active feeds. Deactivate or delete a feed first.",
    );
    await expect(field(page, "Status")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("button", { name: "Create", exact: true })).toHaveCount(0);

    await field(page, "Status").selectOption("inactive");
    await save(page);
    await expect(page.getByTestId("preview-ready")).toBeVisible();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(notification(page, "The feed “Sixth” has been created.")).toBeVisible();
    await expect(page.getByTestId("details-general")).toContainText("Inactive");
  });

  test("deletes two feeds at once after confirming, and asks for a selection first", async ({ page }) => {
    await signIn(page);
    for (const name of ["Feed A", "Feed B", "Feed C"]) await seedFeed(page.request, { name, status: "inactive" });
    await open(page, `${area}/feeds`);
    await expect(page.getByTestId("feed-row")).toHaveCount(3);

    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page.getByTestId("list-error")).toHaveText("Please fill out this field.");

    await page.getByRole("checkbox", { name: "Select Feed A" }).check();
    await page.getByRole("checkbox", { name: "Select Feed B" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading")).toHaveText("Delete 2 feeds?");
    await expect(dialog).toContainText("Feed A");
    await expect(dialog).toContainText("Feed B");
    await expect(dialog).not.toContainText("Feed C");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByTestId("feed-row")).toHaveCount(3);

    await page.getByRole("checkbox", { name: "Select Feed A" }).check();
    await page.getByRole("checkbox", { name: "Select Feed B" }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(notification(page, "Feeds deleted: 2.")).toBeVisible();
    await expect(page.getByTestId("feed-row")).toHaveCount(1);
    await expect(page.getByTestId("feed-row")).toContainText("Feed C");
  });

  test("runs a selected feed as a dump of its companies and deletes a feed from its details", async ({ page }) => {
    await signIn(page);
    const feedId = await seedFeed(page.request, { name: "Run me", status: "inactive" });
    await open(page, `${area}/feeds`);
    await page.getByRole("button", { name: "Run as dump" }).click();
    await expect(page.getByTestId("list-error")).toHaveText("Please fill out this field.");
    await page.getByRole("checkbox", { name: "Select Run me" }).check();
    await page.getByRole("button", { name: "Run as dump" }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/dumps$/);
    await expect(notification(page, "Dumps started: 1.")).toBeVisible();
    await expect(page.getByTestId("dump-row")).toHaveCount(1);
    await expect(page.getByTestId("dump-row")).toContainText("Run me");
    await waitForStatus(page, "Completed");

    await open(page, `${area}/feed-details/${feedId}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("alertdialog").getByRole("heading")).toHaveText("Delete the feed “Run me”?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/feeds$/);
    await expect(notification(page, "The feed “Run me” has been deleted.")).toBeVisible();
    await expect(page.getByText("No records found.")).toBeVisible();
  });
});

test.describe("company dumps", () => {
  test("creates a dump through the preview step, follows it to completion and downloads companies with statements", async ({ page }) => {
    await signIn(page);
    const country = await busyCountry(page.request);
    await open(page, `${area}/dumps`);
    await expect(page.getByTestId("no-records")).toHaveText("No records found.");
    await page.getByRole("link", { name: "Create dump" }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/create-dump$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a company dump");
    await expect(field(page, "Frequency")).toHaveCount(0);
    await expect(field(page, "Status")).toHaveCount(0);
    await expect(page.getByLabel("New companies only")).toHaveCount(0);

    await field(page, "Name").fill("Country history");
    await field(page, "Country").selectOption([country.value]);
    await field(page, "Format").selectOption("json");
    await save(page);
    await expectPreview(page, country.total);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/dump-details\/[\w-]+$/);
    const dumpId = /dump-details\/([\w-]+)$/.exec(page.url())![1]!;
    await expect(notification(page, "The dump “Country history” has been created and queued.")).toBeVisible();
    await expect(page.getByTestId("details-selection").getByRole("row", { name: "Country" })).toContainText(country.label);

    if (javaScriptEnabled()) await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    await waitForStatus(page, "Completed");
    if (javaScriptEnabled()) expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    await expect(page.getByTestId("dump-processed")).toHaveText(
      `${country.total.toLocaleString("en")} of ${country.total.toLocaleString("en")} companies (100%)`,
    );

    const href = await page.getByRole("link", { name: /^Download JSON/ }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    const file = (await download.json()) as {
      dump: { id: string; name: string; product: string; total: number };
      companies: { id: string; profile?: { country: string }; statements?: { stmtId: string; year: number }[] }[];
    };
    expect(file.dump).toMatchObject({ id: dumpId, name: "Country history", product: "company", total: country.total });
    expect(file.companies).toHaveLength(country.total);
    for (const company of file.companies) expect(company.profile?.country).toBe(country.value);
    expect(file.companies.some((company) => (company.statements ?? []).length > 0)).toBe(true);

    await open(page, `${area}/dumps`);
    const row = page.getByTestId("dump-row").filter({ hasText: "Country history" });
    await expect(row.getByTestId("dump-status")).toHaveText("Completed");
    await expect(row.getByRole("link", { name: "Download JSON" })).toHaveAttribute("href", href!);
    await open(page, `${area}/dumps?status=active`);
    await expect(page.getByTestId("no-records")).toBeVisible();
  });

  test("an XML dump carries its companies and their statements", async ({ page }) => {
    await signIn(page);
    const ids = await companyIds(page.request, 4);
    const dumpId = await seedDump(page.request, {
      name: "Four as XML",
      keyword: undefined,
      companyIds: ids,
      format: "xml",
      currency: "USD",
    });
    await open(page, `${area}/dump-details/${dumpId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Four as XML");
    await waitForStatus(page, "Completed");
    await expect(page.getByTestId("details-output").getByRole("row", { name: "Format" })).toContainText("XML");
    const response = await page.request.get((await page.getByRole("link", { name: /^Download XML/ }).getAttribute("href"))!);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<dump>/);
    expect(xml).toContain("<name>Four as XML</name>");
    expect(xml.match(/<company>/g)).toHaveLength(4);
    for (const id of ids) expect(xml).toContain(`<id>${id}</id>`);
    expect(xml).toContain("<statements>");
    expect(xml).toContain("<currency>USD</currency>");
  });

  test("a dump can start from a feed, with its selection prefilled", async ({ page }) => {
    await signIn(page);
    const country = await busyCountry(page.request);
    const feedId = await seedFeed(page.request, {
      name: "Source feed",
      keyword: undefined,
      country: [country.value],
      statementYear: [2022],
      currency: "USD",
      status: "inactive",
    });
    await open(page, `${area}/feed-details/${feedId}`);
    await page.getByRole("link", { name: "Create a dump from this feed" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/corp/create-dump\\?fromFeed=${feedId}$`));
    await waitForHydration(page);
    await expect(page.getByText("Prefilled from the feed “Source feed”.")).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("Source feed");
    await expect(field(page, "Country")).toHaveValues([country.value]);
    await expect(field(page, "Years")).toHaveValue("2022");
    await expect(field(page, "Currency")).toHaveValue("USD");
    await expect(field(page, "Frequency")).toHaveCount(0);
    await save(page);
    await expectPreview(page, country.total);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/corp\/dump-details\/[\w-]+$/);
    const dumpId = /dump-details\/([\w-]+)$/.exec(page.url())![1]!;
    const dump = (await (await page.request.get(`/api/corp-dump?id=${dumpId}`)).json()) as { feedId: string; criteria: unknown };
    expect(dump).toMatchObject({ feedId, criteria: { country: [country.value], statements: { year: [2022] } } });
  });

  test("a queued dump shows its progress once running and can be cancelled from the list and the details", async ({ page }) => {
    const account = await signIn(page);
    const release = await holdDumpQueue(account);
    try {
      const first = await seedDump(page.request, { name: "Long history" });
      const second = await seedDump(page.request, { name: "Second history" });
      await open(page, `${area}/dumps?status=active`);
      const row = page.getByTestId("dump-row").filter({ hasText: "Long history" });
      await expect(row.getByTestId("dump-status")).toHaveText("Queued");

      await markDumpRunning(first, 12, 48);
      await page.reload();
      await expect(row.getByTestId("dump-status")).toHaveText("Running");
      await expect(row.getByTestId("dump-processed")).toHaveText("12 of 48 companies (25%)");
      await row.getByRole("button", { name: "Cancel dump Long history" }).click();
      await expect(notification(page, "The dump was cancelled.")).toBeVisible();
      await open(page, `${area}/dumps`);
      await expect(row.getByTestId("dump-status")).toHaveText("Cancelled");
      await expect(row.getByRole("button", { name: /Cancel dump/ })).toHaveCount(0);

      await open(page, `${area}/dump-details/${second}`);
      await expect(page.getByTestId("dump-status")).toHaveText("Queued");
      await page.getByRole("button", { name: "Cancel dump" }).click();
      await expect(notification(page, "The dump was cancelled.")).toBeVisible();
      await expect(page.getByTestId("dump-status")).toHaveText("Cancelled");
      await expect(page.getByRole("button", { name: "Cancel dump" })).toHaveCount(0);
      expect((await page.request.post(`${area}/dump-details/${second}`, { form: { intent: "cancel" } })).status()).toBe(409);
    } finally {
      await release();
    }
  });
});

test("the company forms and their messages are in Chinese under /zh", async ({ page }) => {
  await signIn(page);
  await open(page, "/zh/dashboard/corp/create-feed");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("创建公司数据订阅");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  const errors = page.getByTestId("form-errors");
  await expect(errors).toContainText("名称: 请填写此字段。");
  await expect(errors).toContainText("公司 ID: 请输入公司 ID 或其他搜索条件。");
  await field(page, "名称").fill("中文订阅");
  await field(page, "公司 ID").fill("CO0000001");
  await field(page, "关键词").fill("bank");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(errors.getByRole("listitem")).toHaveText(["公司 ID: 请使用公司 ID 或其他搜索条件，二者只能选其一"]);
  await field(page, "公司 ID").fill("");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByTestId("preview-ready")).toContainText(/匹配 \d+ 家公司/);
  await page.getByRole("button", { name: "创建", exact: true }).click();
  await expect(page).toHaveURL(/\/zh\/dashboard\/corp\/feed-details\/[\w-]+$/);

  await open(page, "/zh/dashboard/corp/feeds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("公司数据订阅");
  await expect(page.getByTestId("feed-row")).toContainText("中文订阅");
  await expect(page.getByRole("link", { name: "创建数据推送" })).toHaveAttribute("href", "/zh/dashboard/corp/create-feed");
  // The form's "deliver the current data first" (先推送当前数据) is checked at first: the feed started with its dump.
  await open(page, "/zh/dashboard/corp/dumps");
  await expect(page.getByTestId("dump-row")).toContainText("中文订阅");
});

test("the side menu shows the company group's feeds, dumps and pre-defined datasets to a company subscriber", async ({ page }) => {
  await signIn(page);
  await open(page, "/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard menu" });
  await expect(menu.getByText("Company", { exact: true })).toBeVisible();
  await expect(menu.getByText("Macroeconomic", { exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Feeds" })).toHaveAttribute("href", "/dashboard/corp/feeds");
  await expect(menu.getByRole("link", { name: "Dumps" })).toHaveAttribute("href", "/dashboard/corp/dumps");
  await expect(menu.getByRole("link", { name: "Pre-defined datasets" })).toHaveAttribute("href", "/dashboard/corp/predefined-datasets");
  await expect(menu.locator('a[href^="/dashboard/econ"]')).toHaveCount(0);

  await menu.getByRole("link", { name: "Dumps" }).click();
  await expect(page).toHaveURL(/\/dashboard\/corp\/dumps$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dumps" })).toBeVisible();
  await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Feeds" }).click();
  await expect(page).toHaveURL(/\/dashboard\/corp\/feeds$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company feeds");
});
