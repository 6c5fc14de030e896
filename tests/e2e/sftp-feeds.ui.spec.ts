import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { field, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";
import { ed25519KeyPair } from "../support/ssh-keys";

/**
 * An SFTP feed with a pasted private key, with JavaScript on and off: the key is taken, never shown back, and the
 * server's host key appears on the feed once recorded. (This server runs in production mode, which denies
 * loopback hosts, so the recorded key is written as the worker writes it; tests/integration/sftp-ftps-delivery
 * records it through real deliveries.)
 */

const key = ed25519KeyPair().private;
/** A line of the key's body: what must never appear in a page (the field's placeholder shows only the armour). */
const secret = key.split("\n")[1]!;

async function fillSftp(page: Page) {
  await field(page, "Delivery method").selectOption({ label: "SFTP" });
  await field(page, "FTP URL").fill("sftp://files.example.com:2222");
  await field(page, "FTP path").fill("/incoming");
  await field(page, "FTP username").fill("feeds");
  await field(page, "SFTP private key").fill(key);
}

test("creates an SFTP feed with a private key, never sent back, whose host key is recorded at the first delivery", async ({ page }) => {
  const account = await createAccount({ products: ["macroeconomic"] });
  await signInPage(page, account);
  await open(page, "/dashboard/econ/create-feed");
  await waitForHydration(page);
  await field(page, "Name").fill("SFTP watch");
  await field(page, "Database").selectOption("DB01");
  await field(page, "Series frequency").selectOption(["annual"]);
  await fillSftp(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("series-total")).toBeVisible();
  await expect(field(page, "Delivery method")).toHaveValue("sftp");
  // Like a password, the key is never sent back: it is pasted again for the second step.
  expect(await page.content()).not.toContain(secret);
  await field(page, "SFTP private key").fill(key);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/econ\/feed-details\/[\w-]+$/);
  const feedId = /feed-details\/([\w-]+)$/.exec(page.url())![1]!;

  const delivery = page.getByTestId("details-delivery");
  await expect(delivery).toContainText("SFTP");
  await expect(delivery).toContainText("sftp://files.example.com:2222");
  // The fingerprint a real first connection records is shown from then on: tests/integration/sftp-ftps-delivery.test.ts
  // (the server refuses loopback targets, so a browser test cannot reach the loopback SFTP server).
  await expect(delivery).toContainText("Recorded at the first delivery");
  expect(await page.content()).not.toContain(secret);

  await open(page, `/dashboard/econ/edit-feed/${feedId}`);
  await expect(field(page, "Delivery method")).toHaveValue("sftp");
  await expect(field(page, "SFTP private key")).toHaveValue("");
  expect(await page.content()).not.toContain(secret);
});
