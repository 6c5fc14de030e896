import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { open } from "./support/pages";
import { test } from "./support/test";

const lookupPage = "/dashboard/admin/incidents";

async function signInAdmin(page: Page) {
  await signInPage(page, await createAccount({ isAdmin: true }));
}

/** Makes a real incident as the signed-in user and returns the id its error page shows, once the row is stored. */
async function crash(page: Page): Promise<string> {
  await open(page, `/__test/crash?case=${randomUUID()}`, 500);
  const id = ((await page.getByTestId("incident-id").textContent()) ?? "").replace("Incident reference: ", "");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => e2eDb().selectFrom("incidents").select("id").where("id", "=", id).execute()).toHaveLength(1);
  return id;
}

async function lookUp(page: Page, id: string) {
  const form = page.getByRole("search", { name: "Incident lookup" });
  await form.getByLabel("Incident ID").fill(id);
  await form.getByRole("button", { name: "Look up" }).click();
}

test.describe("incident lookup", () => {
  test("the error page's id links an admin to the incident, with its stack trace", async ({ page }) => {
    await signInAdmin(page);
    const id = await crash(page);
    const link = page.getByTestId("incident-id").getByRole("link");
    await expect(link).toHaveAttribute("href", `${lookupPage}?id=${id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${lookupPage}\\?id=${id}$`));
    const details = page.getByTestId("incident-details");
    await expect(details.getByRole("row", { name: "Incident ID" })).toContainText(id);
    await expect(details.getByRole("row", { name: "Path" })).toContainText("/__test/crash");
    await expect(details.getByRole("row", { name: "Query" })).toContainText("?case=");
    await expect(details.getByRole("row", { name: "Message" })).toContainText("Deliberate failure for the error-page test");
    await expect(details.getByRole("row", { name: "User" })).toContainText("@example.com");
    await expect(details.getByRole("row", { name: "Created" })).not.toContainText("—");
    await expect(page.getByTestId("incident-stacktrace")).toContainText("Error: Deliberate failure for the error-page test");
    await expect(page.getByTestId("incident-stacktrace")).toContainText(/\bat \S+/);
  });

  test("the error page's id stays plain text for anyone but an admin", async ({ page }) => {
    await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
    await crash(page);
    await expect(page.getByTestId("incident-id").getByRole("link")).toHaveCount(0);
    await page.context().clearCookies();
    await crash(page);
    await expect(page.getByTestId("incident-id").getByRole("link")).toHaveCount(0);
  });

  test("the lookup form puts the id in the address: found, invalid and unknown ids", async ({ page }) => {
    await signInAdmin(page);
    const id = await crash(page);
    await open(page, lookupPage);
    await lookUp(page, id);
    await expect(page).toHaveURL(new RegExp(`\\?id=${id}$`));
    await expect(page.getByTestId("incident-stacktrace")).toContainText("Deliberate failure");
    await expect(page.getByTestId("lookup-error")).toHaveCount(0);

    await lookUp(page, "not-an-id");
    await expect(page).toHaveURL(/\?id=not-an-id$/);
    await expect(page.getByTestId("lookup-error")).toHaveText("Invalid ID");
    await expect(page.getByTestId("incident")).toHaveCount(0);
    await expect(page.getByLabel("Incident ID")).toHaveValue("not-an-id");

    const unknown = randomUUID();
    await lookUp(page, unknown);
    await expect(page).toHaveURL(new RegExp(`\\?id=${unknown}$`));
    await expect(page.getByTestId("lookup-error")).toHaveText("No incident has been found for this ID.");

    await open(page, `${lookupPage}?id=${encodeURIComponent("1' or '1'='1")}`, 400);
    await expect(page.getByTestId("lookup-error")).toHaveText("Invalid ID");
    await open(page, `${lookupPage}?id=${unknown}`, 404);
    await expect(page.getByTestId("lookup-error")).toHaveText("No incident has been found for this ID.");
  });

  test("the recent incidents filter by path, user and date, and open an incident", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const user = `filter-${marker}@example.com`;
    const rows: [string, string, string, string | null][] = [
      [randomUUID(), "2001-03-01T10:00:00.000Z", `/e2e-${marker}/docs`, user],
      [randomUUID(), "2001-03-02T10:00:00.000Z", `/e2e-${marker}/dashboard`, null],
      [randomUUID(), "2001-03-03T10:00:00.000Z", `/e2e-${marker}/docs/search`, user],
    ];
    await e2eDb()
      .insertInto("incidents")
      .values(
        rows.map(([id, created, path, username]) => ({
          id,
          created_at: created,
          path,
          message: `failure ${marker}`,
          query: "",
          username,
          stacktrace: `Error: failure ${marker}\n    at test`,
        })),
      )
      .execute();
    await signInAdmin(page);
    await open(page, lookupPage);
    const filters = page.getByRole("search", { name: "Filter the recent incidents" });
    const table = page.getByTestId("incidents-table");
    const shown = () => table.getByTestId("incident-row");

    // Each step's rows differ from the step before, so the next fill waits for the re-rendered form (with
    // JavaScript the form remounts with the new values once the results arrive, which would undo an early fill).
    await filters.getByLabel("Path").fill(`/e2e-${marker}/docs/`);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`path=%2Fe2e-${marker}%2Fdocs%2F`));
    await expect(shown()).toHaveCount(1);
    await expect(shown()).toContainText(`/e2e-${marker}/docs/search`);

    await filters.getByLabel("Path").fill(marker);
    await filters.getByLabel("User").fill(user.toUpperCase());
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/username=/);
    await expect(shown()).toHaveCount(2);
    await expect(table).not.toContainText(`/e2e-${marker}/dashboard`);

    await filters.getByLabel("User").fill("");
    await filters.getByLabel("From").fill("2001-03-02");
    await filters.getByLabel("To").fill("2001-03-02");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/from=2001-03-02&to=2001-03-02/);
    await expect(shown()).toHaveCount(1);
    await expect(shown()).toContainText(`/e2e-${marker}/dashboard`);

    await filters.getByLabel("From").fill("2001-03-04");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("Please enter a value equal to or greater than the “from” value.")).toBeVisible();
    await expect(page.getByTestId("no-records")).toBeVisible();

    await open(page, `${lookupPage}?path=${marker}&from=2001-03-01&to=2001-03-01`);
    await page.getByRole("link", { name: `Open incident ${rows[0]![0]}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${rows[0]![0]}$`));
    await expect(page.getByTestId("incident-stacktrace")).toHaveText(`Error: failure ${marker}\n    at test`);
  });

  test("the admin panel is the 404 page for visitors and subscribers, and in the admin's menu", async ({ page }) => {
    await open(page, lookupPage, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents"] }));
    await open(page, lookupPage, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    // /dashboard/admin is a resource route (a redirect), so its 404 is the bare answer, as for the product areas.
    expect((await page.request.get("/dashboard/admin", { maxRedirects: 0 })).status()).toBe(404);

    await page.context().clearCookies();
    await signInAdmin(page);
    await open(page, "/zh/dashboard/admin");
    await expect(page).toHaveURL(/\/zh\/dashboard\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("管理控制台");
    await open(page, "/dashboard");
    await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Admin dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
  });
});
