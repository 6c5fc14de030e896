import { expect, type Page } from "@playwright/test";
import { createChallenge } from "altcha-lib";
import { solvedCaptcha } from "./support/contact-client";
import { nowIso } from "../../app/modules/db/ids";
import { e2eDb, newestMailBody, uniqueEmail } from "./support/database";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const englishNumbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** The access link's path from the newest mail to `email` in the outbox. */
async function accessLinkPath(email: string): Promise<string> {
  const path = /https?:\/\/[^/\s]+(\/(?:zh\/)?api-products\/econ\/sandbox\/[\w-]+)/.exec((await newestMailBody(email)) ?? "")?.[1];
  if (!path) throw new Error(`no access link mailed to ${email}`);
  return path;
}

async function fillRegistration(page: Page, email: string) {
  await field(page, "Name").fill("Ada");
  await field(page, "Surname").fill("Lovelace");
  await field(page, "Company Name").fill("Analytical Engines");
  await field(page, "Job Title").fill("Economist");
  await field(page, "Email").fill(email);
  await field(page, "Country").selectOption({ label: "United Kingdom" });
  await field(page, "Message").fill("Quarterly GDP series");
  await page.getByLabel("I agree that the personal data of this form is stored to provide the trial.").check();
}

/** Answers the captcha as a person would: the widget solves itself with JavaScript; without, the question is read and answered. */
async function answerCaptcha(page: Page, right = true) {
  if (javaScriptEnabled()) {
    await expect(page.locator(".altcha[data-state]")).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
    return;
  }
  const question = await page.locator('label[for="field-captchaAnswer"]').innerText();
  const [, a = "", b = ""] = /^What is (\w+) plus (\w+)\?/.exec(question) ?? [];
  const sum = englishNumbers.indexOf(a) + englishNumbers.indexOf(b);
  await page.getByLabel(/^What is \w+ plus \w+\?/).fill(String(right ? sum : sum + 1));
}

async function register(page: Page) {
  await page.getByRole("button", { name: "Register", exact: true }).click();
  if (!javaScriptEnabled()) await page.waitForLoadState("load");
}

test("register with the captcha, follow the e-mailed link, see the key once and land in the sandbox docs", async ({ page, context }) => {
  const email = uniqueEmail("sandbox");
  await open(page, "/api-products/econ/sandbox");
  await expect(page.getByRole("heading", { name: "Register for a free trial" })).toBeVisible();
  if (!javaScriptEnabled()) await expect(page.getByText("Without JavaScript the automatic check cannot run")).toBeVisible();
  await fillRegistration(page, email);
  await answerCaptcha(page);
  await register(page);
  await expect(page).toHaveURL(/\/api-products\/econ\/sandbox\/registered$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  const outcome = page.getByTestId("sandbox-registered");
  await expect(outcome).toContainText(`We have sent your access link to ${email}. It is valid for 7 days.`);
  await expect(outcome).toContainText(/The link and the key are valid until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
  await expect(outcome).toContainText(`Look in your spam or junk folder, and check the address: ${email}.`);
  await expect(outcome).toContainText("To get a new link, register again with the same address");
  // The page lasts: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId("sandbox-registered")).toContainText(email);
  expect(await e2eDb().selectFrom("sandbox_registrations").select(["offers", "consent"]).where("email", "=", email).execute()).toEqual([
    { offers: 0, consent: 1 },
  ]);

  const link = await accessLinkPath(email);
  await open(page, link);
  await expect(page.getByText(/^Your access link is valid until/)).toBeVisible();
  await page.getByRole("button", { name: "Show my trial key" }).click();
  await expect(page.getByTestId("trial-key-value")).toHaveText(/^sbx_[\w-]+$/);
  const key = (await page.getByTestId("trial-key-value").textContent()) ?? "";
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "sandbox_trial");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  await page.getByRole("link", { name: "Open the sandbox docs" }).click();
  await expect(page).toHaveURL(/\/docs\/econ\/sandbox$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Macroeconomic API Sandbox");

  // Followed again, the link does not show the key again; this browser holds it.
  await open(page, link);
  await expect(page.getByTestId("link-used")).toContainText("The trial key of this access link has already been shown.");
  await expect(page.getByText("This browser holds your trial key.")).toBeVisible();
  await expect(page.getByTestId("trial-key-value")).toHaveCount(0);
  await page.getByRole("link", { name: "Try the API query builder" }).click();
  await expect(page).toHaveURL(/\/docs\/econ\/sandbox\/getting-started\/api-query-builder$/);

  // The key is ready in the builder of every sandbox operation, and a call with it returns catalog data.
  await open(page, `/docs/econ/sandbox/docs/series?path=${encodeURIComponent("/series/search")}&method=get`);
  const builder = page.getByTestId("query-builder");
  await expect(builder.getByLabel("Trial key")).toHaveValue(key);
  await builder.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("query-builder-status")).toHaveText("200 OK");
  await expect(page.getByTestId("query-builder-body")).toContainText('"data"');
});

test("the register-trial docs page holds the form after its text", async ({ page }) => {
  const email = uniqueEmail("sandbox-docs");
  await open(page, "/docs/econ/sandbox/register-trial");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register for a trial");
  await fillRegistration(page, email);
  await answerCaptcha(page);
  await register(page);
  await expect(page).toHaveURL(/\/api-products\/econ\/sandbox\/registered$/);
  await expect(page.getByTestId("sandbox-registered")).toContainText(`We have sent your access link to ${email}.`);
  expect(await accessLinkPath(email)).toMatch(/^\/api-products\/econ\/sandbox\//);
});

test("a wrong captcha answer shows the message, keeps the values and registers nothing", async ({ page }) => {
  const email = uniqueEmail("sandbox-wrong");
  if (javaScriptEnabled()) {
    // The widget solves whatever challenge it gets: one signed with another key is solved, then refused by the server.
    await page.route("**/api/captcha/challenge", async (route) =>
      route.fulfill({
        json: await createChallenge({ hmacKey: "not-the-portal-key", maxnumber: 1000, expires: new Date(Date.now() + 600_000) }),
      }),
    );
  }
  await open(page, "/api-products/econ/sandbox");
  await fillRegistration(page, email);
  await answerCaptcha(page, false);
  await register(page);
  await expect(page.getByTestId("captcha-error")).toHaveText(
    "The verification failed, has expired or was already used. Please verify again and register.",
  );
  await expect(field(page, "Company Name")).toHaveValue("Analytical Engines");
  expect(await e2eDb().selectFrom("sandbox_registrations").select("id").where("email", "=", email).execute()).toHaveLength(0);
});

test("a post without consent or captcha answer is told what is missing", async ({ page }) => {
  test.skip(javaScriptEnabled(), "with JavaScript the widget answers the captcha by itself");
  await open(page, "/api-products/econ/sandbox");
  await register(page);
  await expect(page.getByText("Please agree to the storage of your personal data to register.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("captcha-error")).toHaveText("Please complete the reCAPTCHA verification.");
  const id = await field(page, "Surname").getAttribute("id");
  await expect(page.locator(`#${id}-error`)).toHaveText("Please fill out this field.");
  // The same error summary as the dashboard forms, and the page comes back with the focus on it.
  const summary = page.getByTestId("form-errors");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Surname: Please fill out this field." })).toHaveAttribute("href", "#field-surname");
  await expect(summary.getByRole("link", { name: "Verification: Please complete the reCAPTCHA verification." })).toBeVisible();
});

test("an expired access link answers 410 and an unknown one 404, both offering to register again", async ({ page }) => {
  const email = uniqueEmail("sandbox-expired");
  const registered = await page.request.post("/api/econ-sandbox", {
    data: {
      name: "Ada",
      surname: "Lovelace",
      companyName: "AE",
      jobTitle: "Economist",
      email,
      country: "GB",
      consent: true,
      altcha: await solvedCaptcha(page.request),
    },
  });
  expect(registered.status()).toBe(201);
  const link = await accessLinkPath(email);
  await e2eDb()
    .updateTable("sandbox_registrations")
    .set({ link_expires_at: nowIso(new Date(Date.now() - 1000)) })
    .where("email", "=", email)
    .execute();

  await open(page, link, 410);
  await expect(page.getByTestId("link-expired")).toContainText("This access link has expired.");
  await expect(page.getByRole("button", { name: "Show my trial key" })).toHaveCount(0);
  await page.getByRole("link", { name: "Register again" }).click();
  await expect(page).toHaveURL(/\/api-products\/econ\/sandbox#register$/);

  await open(page, `/zh/api-products/econ/sandbox/${"x".repeat(43)}`, 404);
  await expect(page.getByTestId("link-unknown")).toContainText("此访问链接无效。");
});
