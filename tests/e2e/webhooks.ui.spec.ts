import { expect } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { field, open } from "./support/pages";
import { insertDumpWithWebhook } from "./support/webhooks";
import { test } from "./support/test";

test("a subscriber reveals and rotates the signing secret and sends a test event to a webhook", async ({ page }) => {
  const account = await createAccount({ products: ["macroeconomic"] });
  // A long address: the select and the page still fit a phone.
  const url = `http://127.0.0.1:9/portal-hooks/${"receiver-".repeat(12)}end`;
  await insertDumpWithWebhook(account.email, url, "PUT");
  await signInPage(page, account);
  const apiSecret = async () => ((await (await page.request.get("/api/auth/webhook-secret")).json()) as { secret: string }).secret;

  await open(page, "/dashboard");
  await page.getByRole("link", { name: "Webhooks" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByTestId("masked-secret")).toHaveText("whsec_••••••••");
  await expect(page.getByText(/whsec_[A-Za-z0-9+/]{43}=/)).toHaveCount(0);

  await page.getByRole("button", { name: "Show secret" }).click();
  const shown = page.getByTestId("webhook-secret-value");
  await expect(shown).toHaveText(/^whsec_/);
  const first = (await shown.textContent())!;
  expect(await apiSecret()).toBe(first);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("webhook-secret")).toContainText("New signing secret");
  await expect(shown).not.toHaveText(first);
  const rotated = (await shown.textContent())!;
  expect(rotated).toMatch(/^whsec_/);
  expect(await apiSecret()).toBe(rotated);
  await expect(page.getByTestId("previous-secret")).toContainText("Your previous secret keeps signing beside this one until");

  await field(page, "Webhook").selectOption(`PUT ${url}`);
  await page.getByRole("button", { name: "Send test event" }).click();
  // The e2e server runs as in production: the test event meets the same outbound rules as every webhook.
  await expect(page.getByTestId("test-outcome")).toHaveText(
    "The test event was not delivered: The address is not allowed: deliveries go to public hosts only",
  );

  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, "/dashboard/webhooks");
  await page.getByRole("button", { name: "Show secret" }).click();
  await expect(page.locator("main").getByTestId("webhook-secret-value")).toHaveText(rotated);
  const widest = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll("main *")].map((part) => part.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(390);

  await open(page, "/zh/dashboard/webhooks");
  await expect(page.getByRole("heading", { name: "Webhook", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "轮换密钥" })).toBeVisible();
  await expect(page.getByRole("button", { name: "发送测试事件" })).toBeVisible();
});

test("without webhooks the page says so and offers no test event", async ({ page }) => {
  await signInPage(page, await createAccount({ products: [] }));
  await open(page, "/dashboard/webhooks");
  await expect(page.getByTestId("no-webhooks")).toHaveText("None of your feeds or dumps has a webhook URL yet.");
  await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
});
