import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { nowIso } from "../../app/modules/db/ids";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { holdDumpQueue } from "./support/dump-queue";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/** Macroeconomic dumps: the list and details follow a dump to its files, live with JavaScript, on reload without. */

async function firstDatabase(request: APIRequestContext): Promise<string> {
  const options = (await (await request.get("/api/econ-options")).json()) as { databases: { value: string }[] };
  return options.databases[0]!.value;
}

async function createDump(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/econ-dump", { data: { database: await firstDatabase(request), ...body } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

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

test("a dump is followed to completion and its JSON and XML files download", async ({ page }) => {
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  const jsonDump = await createDump(page.request, { name: "GDP for the board", format: "json" });
  const xmlDump = await createDump(page.request, { name: "GDP as XML", format: "xml", vintages: true });

  await open(page, "/dashboard/econ/dumps");
  await expect(page.getByRole("heading", { level: 1, name: "Dumps" })).toBeVisible();
  await expect(page.getByTestId("dump-row")).toHaveCount(2);

  await open(page, `/dashboard/econ/dump-details/${jsonDump}`);
  if (javaScriptEnabled()) await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
  await waitForStatus(page, "Completed");
  if (javaScriptEnabled()) expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  await expect(page.getByTestId("dump-processed")).toContainText("(100%)");

  const jsonLink = page.getByRole("link", { name: /Download JSON/ });
  const json = (await (await page.request.get((await jsonLink.getAttribute("href"))!)).json()) as {
    dump: { id: string; name: string };
    series: unknown[];
  };
  expect(json.dump).toMatchObject({ id: jsonDump, name: "GDP for the board" });
  expect(json.series.length).toBeGreaterThan(0);

  await open(page, `/dashboard/econ/dump-details/${xmlDump}`);
  await waitForStatus(page, "Completed");
  const xmlResponse = await page.request.get((await page.getByRole("link", { name: /Download XML/ }).getAttribute("href"))!);
  expect(xmlResponse.headers()["content-type"]).toContain("application/xml");
  const xml = await xmlResponse.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<dump>/);
  expect(xml).toContain("<revision>");

  await open(page, "/dashboard/econ/dumps?status=inactive");
  await expect(page.getByTestId("dump-row")).toHaveCount(2);
  await open(page, "/dashboard/econ/dumps?status=active");
  await expect(page.getByTestId("no-records")).toHaveText("No records found.");
});

test("a running dump shows its progress and can be cancelled", async ({ page }) => {
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  const release = await holdDumpQueue(account);
  try {
    const id = await createDump(page.request, { name: "Long history" });
    await e2eDb()
      .updateTable("dumps")
      .set({
        status: "running",
        processed: 150,
        total: 2000,
        started_at: nowIso(),
        estimated_end_at: nowIso(new Date(Date.now() + 5 * 60_000)),
      })
      .where("id", "=", id)
      .execute();
    await open(page, "/dashboard/econ/dumps");
    const row = page.getByTestId("dump-row").filter({ hasText: "Long history" });
    await expect(row.getByTestId("dump-status")).toHaveText("Running");
    await expect(row.getByTestId("dump-processed")).toHaveText("150 of 2,000 series (7%)");
    await expect(row.getByTestId("dump-remaining")).toHaveText(/About [56] min left/);
    await row.getByRole("button", { name: "Cancel dump Long history" }).click();
    await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "The dump was cancelled." })).toBeVisible();
    await expect(row.getByTestId("dump-status")).toHaveText("Cancelled");
    await expect(row.getByRole("button", { name: /Cancel dump/ })).toHaveCount(0);

    const again = await page.request.post(`/dashboard/econ/dump-details/${id}`, { form: { intent: "cancel" } });
    expect(again.status()).toBe(409);
  } finally {
    await release();
  }
});

test("another subscriber's dump is not found", async ({ page, browser }) => {
  const owner = await createAccount({ products: ["macroeconomic"] });
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInPage(ownerPage, owner);
  const id = await createDump(ownerPage.request, { name: "Private" });
  await ownerContext.close();

  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  await open(page, `/dashboard/econ/dump-details/${id}`, 404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.request.post(`/dashboard/econ/dump-details/${id}`, { form: { intent: "cancel" } })).status()).toBe(404);
  await open(page, "/dashboard/econ/dumps");
  await expect(page.getByTestId("no-records")).toBeVisible();
});
