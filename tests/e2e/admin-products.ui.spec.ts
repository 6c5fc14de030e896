import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInPage, signInToken, type TestAccount } from "./support/accounts";
import { e2eDb, ownerEmail } from "./support/database";
import { field, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

/**
 * The admin panel's sections over everyone's feeds and dumps (SPEC.md section 2: macroeconomic feeds and
 * dumps, company feeds and dumps, documents feeds), with JavaScript on and off: the product screens' own
 * forms, links that stay within the section, the username filter, creating on behalf of a subscriber,
 * deleted macroeconomic feeds recovered, and the 404 page for everyone but admins.
 */

const sections = {
  macroFeeds: "/dashboard/admin/macroeconomic-feeds",
  macroDumps: "/dashboard/admin/macroeconomic-dumps",
  companyFeeds: "/dashboard/admin/company-feeds",
  companyDumps: "/dashboard/admin/company-dumps",
  documentsFeeds: "/dashboard/admin/documents-feeds",
};

/** A subscriber with one inactive macroeconomic feed, made through the JSON API with their bearer token. */
async function subscriberWithFeed(
  request: APIRequestContext,
  name: string,
): Promise<{ account: TestAccount; feedId: string; authorization: Record<string, string> }> {
  const account = await createAccount({ products: ["macroeconomic", "company", "documents"] });
  const authorization = { Authorization: `Bearer ${await signInToken(request, account)}` };
  const response = await request.post("/api/econ-feed", { data: { name, database: "DB01", status: "inactive" }, headers: authorization });
  expect(response.status(), await response.text()).toBe(201);
  return { account, feedId: ((await response.json()) as { id: string }).id, authorization };
}

async function signInAdmin(page: Page): Promise<TestAccount> {
  const admin = await createAccount({ isAdmin: true });
  await page.context().clearCookies();
  await signInPage(page, admin);
  return admin;
}

function notification(page: Page, text: string) {
  return page.getByTestId("notification").filter({ hasText: text });
}

test("an admin lists everyone's macroeconomic feeds, filters by username, and edits a subscriber's feed within the section", async ({
  page,
}) => {
  const { account, feedId } = await subscriberWithFeed(page.request, "Subscriber's GDP");
  const admin = await signInAdmin(page);
  await open(page, "/dashboard");
  // The side menu is the admin panel's one navigation: everyone's feeds are in it.
  const adminNav = page.getByRole("navigation", { name: "Dashboard menu" });
  await adminNav.getByRole("link", { name: "Macroeconomic feeds" }).click();
  await expect(page).toHaveURL(new RegExp(`${sections.macroFeeds}$`));
  await expect(adminNav.getByRole("link", { name: "Macroeconomic feeds" })).toHaveAttribute("aria-current", "page");

  await field(page, "Username").fill(account.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/username=/);
  const row = page.getByTestId("feed-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(account.email);
  await row.getByRole("link", { name: "Subscriber's GDP", exact: true }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/feed-details/${feedId}`);

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/edit-feed/${feedId}`);
  await waitForHydration(page);
  await field(page, "Name").fill("Subscriber's GDP, revised");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("series-total")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/feed-details/${feedId}`);
  await expect(notification(page, "The feed “Subscriber's GDP, revised” has been saved.")).toBeVisible();
  // Still the subscriber's feed, now with the admin's edit on the audit trail.
  expect(await ownerEmail("feeds", feedId)).toBe(account.email);
  expect(
    await e2eDb().selectFrom("admin_actions").select(["action", "admin_username", "owner_username"]).where("target", "=", feedId).execute(),
  ).toEqual([{ action: "feed-edit", admin_username: admin.email, owner_username: account.email }]);
});

test("an admin creates a macroeconomic feed on behalf of a subscriber; deleted, it is listed and recovered", async ({ page }) => {
  const { account } = await subscriberWithFeed(page.request, "Kept feed");
  await signInAdmin(page);
  await open(page, sections.macroFeeds);
  await page.getByRole("link", { name: "Create feed" }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/create-feed`);
  await waitForHydration(page);
  await field(page, "Name").fill("Made on behalf");
  await field(page, "Username").fill(account.email);
  await field(page, "Database").selectOption("DB01");
  await field(page, "Status").selectOption("inactive");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("series-total")).toBeVisible();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${sections.macroFeeds}/feed-details/[\\w-]+$`));
  const feedId = page.url().split("/").pop() ?? "";
  await expect(page.getByTestId("details-general")).toContainText(account.email);

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(sections.macroFeeds);
  await page.getByRole("link", { name: "Deleted feeds" }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/deleted`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deleted macroeconomic feeds");
  await field(page, "Username").fill(account.email);
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByTestId("deleted-feed-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Made on behalf");

  // Recovered meanwhile (in another tab, say): the second recovery fails with SPEC's message and a 404.
  const stale = await page.request.post(`${sections.macroFeeds}/deleted`, { form: { id: feedId }, maxRedirects: 0 });
  expect(stale.status()).toBe(302);
  await row.getByRole("button", { name: "Recover the feed “Made on behalf”" }).click();
  await expect(page.getByTestId("recover-error")).toHaveText("An error occured while recovering the feed.");
  await open(page, `${sections.macroFeeds}/feed-details/${feedId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Made on behalf");
  expect(
    (await e2eDb().selectFrom("admin_actions").select("action").where("target", "=", feedId).orderBy("created_at").execute()).map(
      (entry) => entry.action,
    ),
  ).toEqual(["feed-create", "feed-delete", "feed-recover"]);
});

test("an admin recovers a deleted feed with the Recover button", async ({ page }) => {
  const { account, feedId, authorization } = await subscriberWithFeed(page.request, "Deleted by its owner");
  const deleted = await page.request.post("/api/econ-delete-feeds", { data: { ids: [feedId] }, headers: authorization });
  expect(deleted.status()).toBe(200);
  await signInAdmin(page);
  await open(page, `${sections.macroFeeds}/deleted?username=${encodeURIComponent(account.email)}`);
  await page.getByRole("button", { name: "Recover the feed “Deleted by its owner”" }).click();
  await expect(page).toHaveURL(`${sections.macroFeeds}/feed-details/${feedId}`);
  await expect(notification(page, "The feed “Deleted by its owner” has been recovered. It is inactive.")).toBeVisible();
  await open(page, `${sections.macroFeeds}/deleted?username=${encodeURIComponent(account.email)}`);
  await expect(page.getByTestId("no-records")).toBeVisible();
});

test("an admin creates a company dump on behalf of a subscriber and follows it within the dumps section", async ({ page }) => {
  const account = await createAccount({ products: ["company"] });
  await signInAdmin(page);
  await open(page, sections.companyDumps);
  await page.getByRole("link", { name: "Create dump" }).click();
  await expect(page).toHaveURL(`${sections.companyDumps}/create-dump`);
  await waitForHydration(page);
  await field(page, "Name").fill("Companies for a subscriber");
  await field(page, "Username").fill(account.email);
  await field(page, "Company ids").fill("CO0000001, CO0000002");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${sections.companyDumps}/dump-details/[\\w-]+$`));
  await expect(page.getByTestId("details-times")).toContainText(account.email);
  await page.getByRole("link", { name: "All dumps" }).click();
  await expect(page).toHaveURL(sections.companyDumps);
  await expect(page.getByTestId("dump-row").filter({ hasText: account.email })).toContainText("Companies for a subscriber");
});

test("documents feeds in the admin panel are listed and edited, not created", async ({ page }) => {
  const account = await createAccount({ products: ["documents"] });
  const token = await signInToken(page.request, account, "corp");
  const created = await page.request.post("/api/documents-feed", {
    data: { name: "Owner's documents", frequency: 60, keyword: "market" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const feedId = ((await created.json()) as { id: string }).id;
  await signInAdmin(page);
  await open(page, `${sections.documentsFeeds}?username=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole("link", { name: "Create feed" })).toHaveCount(0);
  await open(page, `${sections.documentsFeeds}/create-feed`, 404);
  await open(page, `${sections.documentsFeeds}?username=${encodeURIComponent(account.email)}`);
  await page.getByRole("link", { name: "Edit Owner's documents" }).click();
  await expect(page).toHaveURL(`${sections.documentsFeeds}/edit-feed/${feedId}`);
  await expect(field(page, "Name")).toHaveValue("Owner's documents");
});

test("the admin sections are the 404 page for visitors and subscribers", async ({ page }) => {
  // Eighteen page loads, one after another.
  test.slow();
  const paths = [
    sections.macroFeeds,
    `${sections.macroFeeds}/create-feed`,
    `${sections.macroFeeds}/deleted`,
    sections.macroDumps,
    `${sections.macroDumps}/create-dump`,
    sections.companyFeeds,
    sections.companyDumps,
    sections.documentsFeeds,
  ];
  for (const path of paths) await open(page, path, 404);
  const { feedId } = await subscriberWithFeed(page.request, "Not for admins' eyes");
  await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents"] }));
  for (const path of [...paths, `${sections.macroFeeds}/feed-details/${feedId}`]) {
    await open(page, path, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  const post = await page.request.post(`${sections.macroFeeds}/deleted`, { form: { id: feedId }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
  await signInAdmin(page);
  await open(page, "/zh/dashboard/admin/company-feeds");
  await expect(page.getByRole("navigation", { name: "控制台菜单" }).getByRole("link", { name: "公司数据推送" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
