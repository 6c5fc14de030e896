import { expect } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { field, open } from "./support/pages";
import { test } from "./support/test";

const keysPage = "/dashboard/admin/api-keys";

test("an admin creates an admin API key, sees it once, and revokes it", async ({ page }) => {
  await signInPage(page, await createAccount({ isAdmin: true }));
  await open(page, keysPage);
  await expect(page.getByRole("link", { name: "Download the provisioning API's OpenAPI description (JSON)" })).toHaveAttribute(
    "href",
    "/dashboard/admin/api-keys/openapi.json",
  );

  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Please fill out this field.").first()).toBeVisible();

  const name = `Billing ${Date.now()}`;
  await field(page, "Name").fill(name);
  await field(page, "Scope").selectOption("write");
  await page.getByRole("button", { name: "Create key" }).click();
  const created = page.getByTestId("created-admin-key");
  await expect(created).toContainText(`Key “${name}” created`);
  const key = (await page.getByTestId("created-admin-key-value").textContent()) ?? "";
  expect(key).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId("admin-api-key-row").filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 9)}…${key.slice(-4)}`);
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never");
  await expect(row).toHaveAttribute("data-state", "active");

  // Shown once: the page opened again names the key by its hint only.
  await open(page, keysPage);
  await expect(page.getByTestId("created-admin-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: `Revoke the key ${name}` }).click();
  await expect(page.getByText(`The key “${name}” is revoked`)).toBeVisible();
  await expect(row).toHaveAttribute("data-state", "revoked");
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button")).toHaveCount(0);
});
