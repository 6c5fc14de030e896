import { expect } from "@playwright/test";
import { createAccount, signInPage, signInToken } from "./support/accounts";
import { field, open } from "./support/pages";
import { test } from "./support/test";

const NEW_PASSWORD = "my new password 2026";

test("a subscriber sees their subscription, ends another session, changes the password and deletes the account", async ({
  page,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    },
  });
  const otherToken = await signInToken(elsewhere, account);
  const notification = (text: string) => page.getByTestId("notification").filter({ hasText: text });

  await open(page, "/dashboard");
  const subscription = page.getByTestId("subscription-macroeconomic");
  await expect(subscription).toContainText("Macroeconomic API");
  await expect(subscription).toContainText("Active");
  await expect(subscription).toContainText("Databases: Every database");
  await expect(page.getByTestId("subscription-end")).toContainText("its product's API key is deactivated and its feeds are paused");
  await open(page, "/zh/dashboard");
  await expect(page.getByTestId("subscription-macroeconomic")).toContainText("宏观经济 API");
  await expect(page.getByTestId("subscription-macroeconomic")).toContainText("数据库：全部数据库");
  await expect(page.getByTestId("subscription-end")).toContainText("API 密钥将被停用");

  await open(page, "/dashboard/profile");
  await page.getByRole("link", { name: "Your sessions" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sessions$/);
  await expect(page.getByTestId("session")).toHaveCount(2);
  await expect(page.getByTestId("session").first()).toContainText("This session");
  await page.getByRole("button", { name: /^End the session of Safari on macOS/ }).click();
  await expect(notification("The session has been ended.")).toBeVisible();
  await expect(page.getByTestId("session")).toHaveCount(1);
  expect((await elsewhere.get("/api/auth/sessions", { headers: { Authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
  await elsewhere.dispose();

  await open(page, "/dashboard/password");
  await field(page, "Current password").fill("not my password");
  await field(page, "New password").fill(NEW_PASSWORD);
  await field(page, "Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await field(page, "Current password").fill(account.password);
  await field(page, "New password").fill(NEW_PASSWORD);
  await field(page, "Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(notification("Your password has been changed.")).toBeVisible();

  await open(page, "/dashboard/delete-account");
  await expect(page.getByRole("link", { name: "Read the privacy policy" })).toHaveAttribute("href", "/privacy-policy");
  await field(page, "Type your e-mail address to confirm").fill("someone-else@example.com");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("This is not the e-mail address of your account.")).toBeVisible();
  await field(page, "Type your e-mail address to confirm").fill(account.email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(notification("Your account has been deleted.")).toBeVisible();
  await expect(page).toHaveURL(new URL("/", baseURL).toString());
  await open(page, "/dashboard", 404);
  const signIn = await page.request.post("/login/econ", { form: { email: account.email, password: NEW_PASSWORD }, maxRedirects: 0 });
  expect(signIn.status()).toBe(401);
});
