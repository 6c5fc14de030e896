import { expect, type Locator, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/** The browser's next two frames: time for a blur's validation to reach the page, if the form validated on blur (a script runs them, so with JavaScript only). */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("the element has no box");
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("the first click on Send is never lost: the button stays put, and every error shows in a summary that takes the focus", async ({
  page,
}) => {
  await open(page, "/contact/general-inquiry");
  await field(page, "Name").fill("Ada");
  await field(page, "Email").fill("not-an-email");
  if (javaScriptEnabled()) await expect(page.locator(".altcha[data-state]")).toHaveAttribute("data-state", "verified", { timeout: 20_000 });

  // As a person clicks: the press takes the focus from the e-mail field, and the release comes a moment later.
  const send = page.getByRole("button", { name: "Send" });
  await send.scrollIntoViewIfNeeded();
  const before = await box(send);
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  if (javaScriptEnabled()) await nextFrames(page);
  // Mantine presses a button 1 px down; an error pushing it would move it 20 px.
  expect(Math.abs((await box(send)).y - before.y), "the button stays under the pointer").toBeLessThanOrEqual(1);
  await page.mouse.up();
  if (!javaScriptEnabled()) await page.waitForLoadState("load");

  const summary = page.getByTestId("form-errors");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Please correct the following:");
  const links = summary.getByRole("link");
  // In the form's order.
  await expect(links).toHaveText([
    "Email: Please enter a valid e-mail address.",
    "Subject: Please fill out this field.",
    "Text: Please fill out this field.",
  ]);
  await expect(links.first()).toHaveAttribute("href", "#field-email");
  // The summary's links are in the error colour (app.css), not the brand's.
  expect(await links.first().evaluate((link) => getComputedStyle(link).color)).toBe("rgb(184, 37, 37)");
  // The one error colour for the required asterisk, with and without an error, and for the field's message.
  const colour = (selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).color);
  expect(await colour('label[for="field-name"] .mantine-InputWrapper-required')).toBe("rgb(184, 37, 37)");
  expect(await colour('label[for="field-subject"] .mantine-InputWrapper-required')).toBe("rgb(184, 37, 37)");
  expect(await colour("#field-subject-error")).toBe("rgb(184, 37, 37)");
});

test("a sandbox registration without a single answer gets the summary, focused, with a link per field", async ({ page }) => {
  await open(page, "/api-products/econ/sandbox");
  if (javaScriptEnabled()) await expect(page.locator(".altcha[data-state]")).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
  await page.getByRole("button", { name: "Register", exact: true }).click();
  if (!javaScriptEnabled()) await page.waitForLoadState("load");
  const summary = page.getByTestId("form-errors");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Company Name: Please fill out this field." })).toHaveAttribute(
    "href",
    "#field-companyName",
  );
  await expect(summary.getByRole("link", { name: /^I agree that the personal data/ })).toHaveAttribute("href", "#field-consent");
});

test("an outcome page without a send from this browser goes back to its form", async ({ request }) => {
  const contact = await request.get("/zh/contact/sent", { maxRedirects: 0 });
  expect(contact.status()).toBe(302);
  expect(contact.headers().location).toBe("/zh/contact");
  const sandbox = await request.get("/api-products/econ/sandbox/registered", { maxRedirects: 0 });
  expect(sandbox.status()).toBe(302);
  expect(sandbox.headers().location).toBe("/api-products/econ/sandbox#register");
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px a notification keeps clear of the page title and the header, and its × closes it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
    await open(page, "/dashboard");
    const toast = page.getByTestId("notification");
    await expect(toast).toContainText("Login successful!");
    const toastBox = await box(toast);
    expect(overlaps(toastBox, await box(page.getByRole("heading", { level: 1 }))), "over the h1").toBe(false);
    expect(overlaps(toastBox, await box(page.locator("header").first())), "over the header").toBe(false);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);

    // Within the 5 seconds it shows, with or without JavaScript.
    await expect(toast).toBeVisible();
    await toast.locator(".notification-close").click();
    await expect(toast).toBeHidden({ timeout: 1_500 });
  });
}

test("a notification fades after five seconds", async ({ page }) => {
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  await open(page, "/dashboard");
  await expect(page.getByTestId("notification")).toBeVisible();
  await expect(page.getByTestId("notification")).toBeHidden({ timeout: 8_000 });
});
