import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage, type Platform } from "./support/accounts";
import { CALL_RULE } from "../../app/modules/data-api/call-rule";
import { e2eDb, newestMailBody } from "./support/database";
import { field, open } from "./support/pages";
import { test } from "./support/test";

async function signInThroughForm(page: Page, platform: Platform, email: string, password: string) {
  await open(page, `/login/${platform}`);
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("sign-in", () => {
  test("/login offers one button per platform and the password reset", async ({ page }) => {
    await open(page, "/login");
    for (const name of ["Macroeconomic platform", "Company platform", "Intelligence platform"]) {
      await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Reset password" })).toHaveAttribute("href", "/reset-password");
  });

  for (const [platform, email, name] of [
    ["econ", "macro@demo.test", "Mark Macro"],
    ["corp", "company@demo.test", "Cora Company"],
    ["intel", "intel@demo.test", "Ian Intel"],
  ] as const) {
    test(`a demo subscriber signs in on ${platform}`, async ({ page }) => {
      await signInThroughForm(page, platform, email, "demo-password");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("notification")).toContainText("Login successful!");
      await expect(page.getByTestId("account-name")).toContainText(name);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    });
  }

  test("a wrong password or the wrong platform is refused with a clear message", async ({ page }) => {
    await signInThroughForm(page, "econ", "macro@demo.test", "not-the-password");
    await expect(page.getByTestId("form-error")).toHaveText("The e-mail address or password is not correct for this platform.");
    await expect(field(page, "Email")).toHaveValue("macro@demo.test");
    await expect(field(page, "Password")).toHaveValue("");
    await signInThroughForm(page, "corp", "macro@demo.test", "demo-password");
    await expect(page.getByTestId("form-error")).toBeVisible();
  });

  test("[security-5] repeated failures slow the account down, even with the right password, without locking the owner out", async ({
    page,
  }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await page.request.post("/login/econ", { form: { email: account.email, password: "wrong" }, maxRedirects: 0 });
      expect(response.status()).toBe(401);
    }
    // The delay runs from the newest failure. On a busy machine a second can pass before the next request, so
    // the delay's end is moved five seconds ahead, then a minute back (the delay passed).
    const restamp = async (offsetMs: number) => {
      const { numUpdatedRows } = await e2eDb()
        .updateTable("rate_limits")
        .set({ expire: Date.now() + offsetMs })
        .where("key", "=", `wait:login:account:${account.email.toLowerCase()}`)
        .executeTakeFirst();
      return Number(numUpdatedRows);
    };
    expect(await restamp(5_000)).toBe(1);
    const slowed = await page.request.post("/login/econ", { form: { email: account.email, password: account.password }, maxRedirects: 0 });
    expect(slowed.status()).toBe(429);
    expect(await slowed.text()).toMatch(/Too many failed sign-ins. Please try again in \d+ seconds./);
    // The first delay is one second: once it has passed, the owner gets in.
    expect(await restamp(-60_000)).toBe(1);
    await signInThroughForm(page, "econ", account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the FAQ sends visitors to sign in and back", async ({ page }) => {
    await open(page, "/faq");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffaq$/);
    await page.getByRole("link", { name: /Macroeconomic platform/ }).click();
    await field(page, "Email").fill("macro@demo.test");
    await field(page, "Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    for (const topic of ["General", "Errors and bugs", "Support", "Technical Details"]) {
      await expect(page.getByRole("heading", { level: 2, name: topic })).toBeVisible();
    }
    await expect(page.getByText(`The rate limit of the APIs is ${CALL_RULE.en}.`)).toBeVisible();
  });

  test("signing out ends the session: the old cookie no longer works", async ({ page }) => {
    const account = await createAccount({ products: ["company"], platforms: ["corp"] });
    const token = await signInPage(page, account, "corp");
    await open(page, "/dashboard");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("notification").filter({ hasText: "You have been signed out." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    const reused = await page.request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
    expect(reused.status()).toBe(401);
    const dashboard = await page.request.get("/dashboard", { headers: { Cookie: `token=${token}` } });
    expect(dashboard.status()).toBe(404);
  });
});

test.describe("password reset", () => {
  test("a single-use link from the e-mail sets a new password and ends other sessions", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    const otherSession = await signInPage(page, account);
    await page.context().clearCookies();

    await open(page, "/reset-password");
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible();

    // A background job writes the link, so the answer does not tell whether the account exists.
    const resetLink = async () => /(http:\/\/\S+\/reset-password\/\S+)/.exec((await newestMailBody(account.email)) ?? "")?.[1];
    await expect.poll(resetLink).toBeTruthy();
    const path = new URL((await resetLink())!).pathname;

    await open(page, path);
    await field(page, "New password").fill("short");
    await field(page, "Confirm new password").fill("short");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Please use at least 10 characters.")).toBeVisible();

    await field(page, "New password").fill("a brand new password");
    await field(page, "Confirm new password").fill("a brand new password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("notification").filter({ hasText: "Your password has been changed." })).toBeVisible();

    expect((await page.request.get("/api/auth/user", { headers: { Authorization: `Bearer ${otherSession}` } })).status()).toBe(401);
    await open(page, path);
    await expect(page.getByText("This link is invalid, has expired or was already used.")).toBeVisible();
    await signInThroughForm(page, "econ", account.email, "a brand new password");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unknown address gets the same answer and no e-mail", async ({ page }) => {
    await open(page, "/reset-password");
    await field(page, "Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible();
    expect(await e2eDb().selectFrom("outbox").select("id").where("recipient", "=", "nobody-here@example.com").execute()).toHaveLength(0);
  });
});
