import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { open } from "./support/pages";
import { test } from "./support/test";

const screen = "/dashboard/admin/snowflake-incidents";

async function signInAdmin(page: Page) {
  await signInPage(page, await createAccount({ isAdmin: true }));
}

/** A day of its own in 1971-1998 for each test, so the date filter keeps out every other run's rows; offset moves on from it. */
function ownDays(): (offset: number) => string {
  const base = Date.UTC(1971, 0, 1) + Math.floor(Math.random() * 10_000) * 86_400_000;
  return (offset) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
}

async function insertIncident(id: string, created: string, severity: string, message: string, stacktrace: string, data: string) {
  await e2eDb()
    .insertInto("pipeline_incidents")
    .values({ id, created_at: created, severity, message, stacktrace, additional_data: data })
    .execute();
}

test.describe("snowflake incidents", () => {
  test("filter by severity and days in the address, and open one with its stack trace and data as text", async ({ page }) => {
    const day = ownDays();
    const [first, second] = [day(0), day(1)];
    const marker = randomUUID().slice(0, 8);
    const rows = {
      error: randomUUID(),
      warning: randomUUID(),
      critical: randomUUID(),
    };
    const hostile = '<img src=x onerror="document.title=1">';
    await insertIncident(
      rows.error,
      `${first}T10:00:00.000Z`,
      "error",
      `dump failed ${marker}`,
      `Error: disk full ${marker}\n    at write`,
      "{}",
    );
    await insertIncident(
      rows.warning,
      `${first}T11:00:00.000Z`,
      "warning",
      `feed-run ${marker}: ${hostile}`,
      "",
      JSON.stringify({ jobId: `job-${marker}`, note: hostile, nested: { attempts: 3 } }),
    );
    await insertIncident(rows.critical, `${second}T09:00:00.000Z`, "critical", `worker loop ${marker}`, "Error: loop", "{}");

    await signInAdmin(page);
    await open(page, screen);
    const filters = page.getByRole("search", { name: "Filter the snowflake incidents" });
    const shown = () => page.getByTestId("snowflake-table").getByTestId("snowflake-row");

    await filters.getByLabel("From").fill(first);
    await filters.getByLabel("To").fill(second);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`severity=all&from=${first}&to=${second}`));
    await expect(shown()).toHaveCount(3);
    await expect(shown().first()).toContainText(`worker loop ${marker}`);
    await expect(shown().first()).toContainText("Critical");

    await filters.getByLabel("Severity").selectOption("warning");
    await filters.getByLabel("To").fill(first);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`severity=warning&from=${first}&to=${first}$`));
    await expect(shown()).toHaveCount(1);
    await expect(shown()).toContainText(`feed-run ${marker}: ${hostile}`);
    await expect(shown().locator("img")).toHaveCount(0);

    await page.getByRole("link", { name: `Open snowflake incident ${rows.warning}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${rows.warning}$`));
    const details = page.getByTestId("snowflake-incident-details");
    await expect(details.getByRole("row", { name: "Severity" })).toContainText("Warning");
    await expect(details.getByRole("row", { name: "Incident ID" })).toContainText(rows.warning);
    await expect(page.getByTestId("snowflake-stacktrace")).toHaveText("—");
    await expect(page.getByTestId("snowflake-data")).toHaveText(
      JSON.stringify({ jobId: `job-${marker}`, note: hostile, nested: { attempts: 3 } }, null, 2),
    );
    await expect(page.getByTestId("snowflake-incident").locator("img")).toHaveCount(0);
    expect(await page.title()).not.toBe("1");

    await open(page, `${screen}?id=${rows.error}`);
    await expect(page.getByTestId("snowflake-stacktrace")).toHaveText(`Error: disk full ${marker}\n    at write`);
    await expect(page.getByTestId("snowflake-data")).toHaveText("{}");
  });

  test("bad filters and ids are 400 with their message, an unknown id 404", async ({ page }) => {
    await signInAdmin(page);
    await open(page, `${screen}?from=1990-02-02&to=1990-02-01`, 400);
    await expect(page.getByText("Please enter a value equal to or greater than the “from” value.")).toBeVisible();
    await expect(page.getByTestId("no-records")).toBeVisible();
    await open(page, `${screen}?severity=${encodeURIComponent("<b>loud</b>")}`, 400);
    await expect(page.getByText("Please choose one of the listed options.")).toBeVisible();
    await open(page, `${screen}?id=${encodeURIComponent("1' or '1'='1")}`, 400);
    await expect(page.getByTestId("lookup-error")).toHaveText("Invalid ID");
    await open(page, `${screen}?id=${randomUUID()}`, 404);
    await expect(page.getByTestId("lookup-error")).toHaveText("No incident has been found for this ID.");
    await expect(page.getByTestId("snowflake-incident")).toHaveCount(0);
  });

  test("an empty day shows 'No records found.'", async ({ page }) => {
    await signInAdmin(page);
    const day = ownDays()(0);
    await open(page, `${screen}?from=${day}&to=${day}`);
    await expect(page.getByTestId("no-records")).toHaveText("No records found.");
  });

  test("is the 404 page for visitors and subscribers, and speaks Chinese under /zh", async ({ page }) => {
    await open(page, screen, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"] }));
    await open(page, screen, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

    await page.context().clearCookies();
    const day = ownDays()(0);
    const id = randomUUID();
    await insertIncident(id, `${day}T12:00:00.000Z`, "critical", "worker loop", "Error: loop", '{"workerId":"w"}');
    await signInAdmin(page);
    await open(page, `/zh${screen}?from=${day}&to=${day}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Snowflake 事件");
    await expect(page.getByRole("search", { name: "筛选 Snowflake 事件" }).getByLabel("严重程度")).toBeVisible();
    await expect(page.getByTestId("snowflake-row")).toContainText("严重");
    await page.getByRole("link", { name: `打开 Snowflake 事件 ${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/zh${screen}\\?id=${id}$`));
    await expect(page.getByRole("heading", { name: "附加数据" })).toBeVisible();
    await open(page, `/zh${screen}?id=nope`, 400);
    await expect(page.getByTestId("lookup-error")).toHaveText("无效的编号");
  });
});
