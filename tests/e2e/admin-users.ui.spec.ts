import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { newestMailBody, uniqueEmail } from "./support/database";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

async function signInThroughForm(page: Page, email: string, password: string) {
  await open(page, "/login/econ");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an admin creates a user who accepts the invitation and signs in; the admin sets a subscription and locks the account", async ({
  page,
  browser,
}) => {
  await signInPage(page, await createAccount({ isAdmin: true }));
  const email = uniqueEmail("invitee");

  await open(page, "/dashboard/admin/users/new");
  await page.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Please choose at least one platform.")).toBeVisible();
  await field(page, "E-mail").fill(email);
  await field(page, "First name").fill("Ada");
  await field(page, "Last name").fill("Lovelace");
  await page.getByLabel("Macroeconomic platform").check();
  await page.getByRole("button", { name: "Create and invite" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/users\/[0-9a-f-]{36}$/);
  const userPage = new URL(page.url()).pathname;
  await expect(page.getByTestId("notification").filter({ hasText: "The user has been created and invited." })).toBeVisible();
  await expect(page.getByTestId("user-invitation")).toContainText("valid until");

  await open(page, `/dashboard/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("users-table").getByRole("link", { name: email })).toBeVisible();

  // The invitee, in a browser of their own, follows the mailed link.
  const link = /\/invitation\/\S+/.exec((await newestMailBody(email)) ?? "")?.[0];
  expect(link).toBeTruthy();
  const invitee = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: javaScriptEnabled() });
  const inviteePage = await invitee.newPage();
  await open(inviteePage, link!);
  await expect(inviteePage.getByText(`Choose the password for ${email}.`)).toBeVisible();
  await field(inviteePage, "New password").fill("a brand new password");
  await field(inviteePage, "Confirm new password").fill("a brand new password");
  await inviteePage.getByRole("button", { name: "Save password" }).click();
  await expect(inviteePage).toHaveURL(/\/login$/);
  await signInThroughForm(inviteePage, email, "a brand new password");
  await expect(inviteePage).toHaveURL(/\/dashboard$/);
  await open(inviteePage, link!);
  await expect(inviteePage.getByTestId("invitation-invalid")).toBeVisible();

  // The admin gives a macroeconomic subscription over two databases, open-ended.
  await open(page, userPage);
  await expect(page.getByTestId("user-invitation")).toHaveText("Accepted.");
  const macro = page.getByTestId("subscription-macroeconomic");
  await macro.getByLabel("Start date").fill("2026-01-01");
  await macro.getByLabel(/^DB01 /).check();
  await macro.getByLabel(/^DB02 /).check();
  await macro.getByRole("button", { name: "Save subscription" }).click();
  await expect(page.getByTestId("notification").filter({ hasText: "The subscription has been saved." })).toBeVisible();
  await expect(page.getByTestId("subscription-macroeconomic-state")).toHaveText("active until open-ended · DB01, DB02");

  // Locked: the invitee's session stops at once and the sign-in says why.
  await page.getByTestId("user-access").getByRole("button", { name: "Lock account" }).click();
  await expect(page.getByTestId("user-locked")).toBeVisible();
  await open(inviteePage, "/dashboard", 404);
  await signInThroughForm(inviteePage, email, "a brand new password");
  await expect(inviteePage.getByText("This account is locked. Please contact support.")).toBeVisible();
  await expect(page.getByTestId("user-audit")).toContainText("User locked");
  await invitee.close();

  // On a phone the pages keep to the screen: wide tables scroll inside their own box (TableScroll).
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of [userPage, "/zh/dashboard/admin/users", "/dashboard/admin/users/new"]) {
    await open(page, path);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((element) => !element.parentElement?.closest('[tabindex="0"]') && element.getBoundingClientRect().right > 391)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(overflowing, path).toEqual([]);
  }
});
