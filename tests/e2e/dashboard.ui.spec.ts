import { expect } from "@playwright/test";
import { createAccount, endSubscriptions, signInPage } from "./support/accounts";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/** A 1x1 PNG. */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test.describe("dashboard shell", () => {
  test("the side menu shows the subscribed products' screens and no admin entry", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic", "documents"] });
    await signInPage(page, account);
    await open(page, "/dashboard");
    const menu = page.getByRole("navigation", { name: "Dashboard menu" });
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/dashboard/profile");
    await expect(menu.getByRole("link", { name: "Token management" })).toBeVisible();
    await expect(menu.getByText("Macroeconomic")).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dumps" })).toHaveAttribute("href", "/dashboard/econ/dumps");
    // Each product's group has its own Feeds link; documents have feeds but no dumps.
    await expect(menu.getByRole("link", { name: "Feeds" })).toHaveCount(2);
    await expect(menu.locator('a[href^="/dashboard/documents"]')).toHaveCount(1);
    await expect(menu.locator('a[href="/dashboard/documents/feeds"]')).toBeVisible();
    await expect(menu.locator('a[href="/dashboard/corp/feeds"]')).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
  });

  test("every link of an admin's menu opens a page, in Chinese too", async ({ page }) => {
    await signInPage(page, { email: "admin@demo.test", password: "demo-password" });
    await open(page, "/zh/dashboard");
    const menu = page.getByRole("navigation", { name: "控制台菜单" });
    const hrefs = await menu.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs).toContain("/zh/dashboard/econ/feeds");
    for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);
  });

  test("back returns to the page visited before the dashboard", async ({ page }) => {
    const account = await createAccount({ products: ["company"] });
    await signInPage(page, account);
    await open(page, "/api-products");
    await page.getByRole("link", { name: "Test User" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/api-products$/);
  });

  test("the menu collapses to icons on desktop and is an overlay that locks scrolling on narrow screens", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    await signInPage(page, account);
    await open(page, "/dashboard");
    const menu = page.locator("#dashboard-menu");
    const toggle = page.getByRole("checkbox", { name: "Toggle the dashboard menu" });
    expect((await menu.boundingBox())?.width).toBe(400);
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(50);
    await page.keyboard.press("Space");

    await page.setViewportSize({ width: 800, height: 800 });
    await expect(menu).toBeHidden();
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow).catch(() => "hidden")).toBe("hidden");
    if (javaScriptEnabled()) {
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    }
  });

  test("the dashboard is a 404 without a session", async ({ page }) => {
    await open(page, "/dashboard/token-management", 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test.describe("profile", () => {
  test("edits the profile and uploads a picture shown in the header", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    await signInPage(page, account);
    await open(page, "/dashboard/profile");
    await expect(field(page, "Username")).toHaveValue(account.email);
    await expect(field(page, "Username")).toHaveAttribute("readonly", "");
    await field(page, "First name").fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Please fill out this field.")).toBeVisible();

    await field(page, "First name").fill("Grace");
    await field(page, "Last name").fill("Hopper");
    await field(page, "Job position").fill("Rear admiral");
    await field(page, "Job description").fill("Compilers and COBOL");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("notification").filter({ hasText: "Your profile has been saved." })).toBeVisible();
    await expect(field(page, "Job position")).toHaveValue("Rear admiral");
    await expect(page.getByTestId("account-name")).toContainText("Grace Hopper");

    await page.locator("#picture").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByTestId("picture-error")).toHaveText("Please upload a PNG, JPEG or WebP image.");

    await page.locator("#picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload picture" }).click();
    await expect(page.getByTestId("notification").filter({ hasText: "Your profile picture has been updated." })).toBeVisible();
    await expect(page.getByTestId("account-name").locator('img[src="/api/auth/profile-picture"]')).toBeVisible();
    const picture = await page.request.get("/api/auth/profile-picture");
    expect(picture.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await picture.body()).equals(png)).toBe(true);
  });
});

test.describe("API keys", () => {
  test("generate, regenerate after confirming, and verify: the old key stops working", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    await signInPage(page, account);
    await open(page, "/dashboard/token-management");
    const card = page.getByTestId("key-card-econ");
    await expect(page.getByTestId("key-card-corp")).toHaveCount(0);
    await expect(card.getByText("You have no key for this platform yet.")).toBeVisible();

    await card.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("key-card-econ").getByText("The token field needs an API key.")).toBeVisible();

    await page.getByTestId("key-card-econ").getByRole("button", { name: "Generate key" }).click();
    const first = (await page.getByTestId("new-key-value").textContent()) ?? "";
    expect(first).toMatch(/^econ_[A-Za-z0-9_-]{32}$/);

    await open(page, "/dashboard/token-management");
    await expect(page.getByTestId("masked-key")).toHaveText(`${first.slice(0, 9)}…${first.slice(-4)}`);
    await expect(page.getByText("Never used")).toBeVisible();

    await page.getByRole("button", { name: "Generate a new key" }).click();
    await expect(page.getByTestId("confirm-regenerate")).toContainText("invalidates the current key at once");
    await page.getByRole("button", { name: "Yes, generate a new key" }).click();
    const second = (await page.getByTestId("new-key-value").textContent()) ?? "";
    expect(second).toMatch(/^econ_/);
    expect(second).not.toBe(first);

    const verifyCard = page.getByTestId("key-card-econ");
    await verifyCard.getByLabel("Token").fill(first);
    await verifyCard.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("verification")).toHaveText("This key is not valid: it has been replaced by a newer key.");
    await page.getByTestId("key-card-econ").getByLabel("Token").fill(second);
    await page.getByTestId("key-card-econ").getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("verification")).toHaveText("This key is valid.");
    await page.getByTestId("key-card-econ").getByLabel("Token").fill("econ_made-up");
    await page.getByTestId("key-card-econ").getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("verification")).toHaveText("This key is not valid: it is not a key of this platform.");

    await endSubscriptions(account.email);
    const afterEnd = await page.request.post("/api/auth/verify-macro-token", { data: { token: second } });
    expect(await afterEnd.json()).toEqual({ valid: false, reason: "subscription-ended" });
  });

  test("an account without subscriptions is told no token can be generated", async ({ page }) => {
    const account = await createAccount({ products: [] });
    await signInPage(page, account);
    await open(page, "/dashboard/token-management");
    await expect(page.getByTestId("no-token")).toHaveText("No token can be generated for your account.");
  });
});
