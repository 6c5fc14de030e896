import fs from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { holdDumpQueue, markDumpRunning } from "./support/dump-queue";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/** Predefined datasets: generated as JSON or XML, followed while they are built (live with JavaScript, on reload without), downloaded. */

const datasetsPath = "/dashboard/corp/predefined-datasets";

function card(page: Page, name: string): Locator {
  return page.getByTestId("dataset-card").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

/** Waits for the card's generation to end: in place with JavaScript, by reloading without. */
async function waitForCompleted(page: Page, name: string) {
  if (javaScriptEnabled()) {
    await expect(card(page, name).getByTestId("dump-status")).toHaveText("Completed", { timeout: 30_000 });
    return;
  }
  await expect(async () => {
    await page.reload();
    await expect(card(page, name).getByTestId("dump-status")).toHaveText("Completed", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

test("a company subscriber generates a dataset, sees it being built, then downloads the file", async ({ page }) => {
  const account = await createAccount({ products: ["company"] });
  await signInPage(page, account, "corp");
  const release = await holdDumpQueue(account);
  try {
    await open(page, datasetsPath);
    await expect(page.getByRole("heading", { level: 1, name: "Pre-defined datasets" })).toBeVisible();
    expect(await page.getByTestId("dataset-card").count()).toBeGreaterThanOrEqual(5);
    const european = card(page, "European listed companies");
    await expect(european.getByTestId("dataset-never")).toHaveText("Not generated yet.");

    await european.getByLabel("Format").selectOption("xml");
    await european.getByRole("button", { name: "Generate European listed companies" }).click();
    await expect(page.getByText("“European listed companies” is being generated as XML.")).toBeVisible();
    const building = european.getByTestId("dataset-generating");
    await expect(building).toContainText("Waiting to start the XML file…");
    if (javaScriptEnabled()) await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));

    // The worker has written 12 of 48 companies: live with JavaScript, after Refresh without.
    const listed = (await (await page.request.get("/api/corp-predefined-datasets")).json()) as {
      datasets: { id: string; latest: { id: string } | null }[];
    };
    await markDumpRunning(listed.datasets.find((item) => item.id === "european-listed-companies")!.latest!.id, 12, 48);
    if (!javaScriptEnabled()) await building.getByRole("link", { name: "Refresh" }).click();
    await expect(building).toContainText("Generating the XML file… 25%");
    await expect(building.getByRole("progressbar", { name: "25% generated" })).toHaveAttribute("aria-valuenow", "25");
  } finally {
    await release();
  }

  await waitForCompleted(page, "European listed companies");
  if (javaScriptEnabled()) expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  const european = card(page, "European listed companies");
  await expect(european.getByTestId("dataset-generating")).toHaveCount(0);
  await expect(european).toContainText(/Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    european.getByRole("link", { name: "Download XML: European listed companies" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^european-listed-companies-\d{4}-\d{2}-\d{2}\.xml$/);
  const xml = fs.readFileSync(await download.path(), "utf8");
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<dump>/);
  expect(xml).toContain("<name>European listed companies</name>");
  const companies = xml.match(/<company>/g) ?? [];
  expect(companies.length).toBeGreaterThan(0);
  expect((xml.match(/<type>public<\/type>/g) ?? []).length).toBe(companies.length);
  await expect(european).toContainText(`${companies.length} companies`);

  // JSON as well, now that nothing is being generated.
  const distress = card(page, "Companies in distress");
  await distress.getByRole("button", { name: "Generate Companies in distress" }).click();
  await expect(page.getByText("“Companies in distress” is being generated as JSON.")).toBeVisible();
  await waitForCompleted(page, "Companies in distress");
  const [jsonDownload] = await Promise.all([
    page.waitForEvent("download"),
    card(page, "Companies in distress").getByRole("link", { name: "Download JSON: Companies in distress" }).click(),
  ]);
  const json = JSON.parse(fs.readFileSync(await jsonDownload.path(), "utf8")) as {
    dump: { name: string };
    companies: { profile: { status: string } }[];
  };
  expect(json.dump.name).toBe("Companies in distress");
  expect(json.companies.length).toBeGreaterThan(0);
  expect(json.companies.every((company) => ["in-liquidation", "bankrupt"].includes(company.profile.status))).toBe(true);
});

test("while one dataset is being generated, another is refused with the reason", async ({ page }) => {
  // It waits for the held generation to be released and finished by the worker.
  test.slow();
  const account = await createAccount({ products: ["company"] });
  await signInPage(page, account, "corp");
  const release = await holdDumpQueue(account);
  try {
    await open(page, datasetsPath);
    // Another tab starts a generation after this page was shown.
    const started = await page.request.post("/api/corp-predefined-datasets", { data: { datasetId: "banks-and-insurers", format: "json" } });
    expect(started.status()).toBe(202);

    const energy = card(page, "Energy and natural resources");
    await energy.getByLabel("Format").selectOption("xml");
    await energy.getByRole("button", { name: "Generate Energy and natural resources" }).click();
    const refusal = "Another dataset is being generated. Please wait until it has finished, then generate this one.";
    await expect(energy.getByRole("alert")).toHaveText(refusal);
    if (javaScriptEnabled()) {
      // The page follows the generation in the way live; the reason stays through those reloads of its data.
      await page.waitForResponse(
        (response) => response.url().includes("predefined-datasets.data") && response.request().method() === "GET",
      );
      await page.waitForResponse(
        (response) => response.url().includes("predefined-datasets.data") && response.request().method() === "GET",
      );
      await expect(energy.getByRole("alert")).toHaveText(refusal);
    }
    await expect(energy.getByLabel("Format")).toHaveValue("xml");
    await expect(energy.getByTestId("dataset-never")).toBeVisible();
    await expect(card(page, "Banks and insurers").getByTestId("dataset-generating")).toContainText("Waiting to start the JSON file…");

    await open(page, datasetsPath);
    await expect(card(page, "Banks and insurers").getByTestId("dataset-generating")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  } finally {
    await release();
  }
  await waitForCompleted(page, "Banks and insurers");
});

test("the page speaks Chinese under /zh", async ({ page }) => {
  await signInPage(page, await createAccount({ products: ["company"] }), "corp");
  await open(page, `/zh${datasetsPath}`);
  await expect(page.getByRole("heading", { level: 1, name: "预定义数据集" })).toBeVisible();
  await expect(card(page, "欧洲上市公司").getByRole("button", { name: "生成欧洲上市公司" })).toBeVisible();
  await expect(card(page, "欧洲上市公司").getByLabel("格式")).toHaveValue("json");
});
