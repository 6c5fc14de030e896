import { expect } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { newestMailBody } from "./support/database";
import { open } from "./support/pages";
import { test } from "./support/test";

/**
 * Issue 27, with JavaScript on and off: a notification address other than the account's own awaits its
 * confirmation on the feed's page, can be sent its link again, and is confirmed by following the link.
 */

const linkOf = (body: string | undefined) => /https?:\/\/[^\s]+(\/notification-address\/[\w-]+)/.exec(body ?? "")?.[1];

test("an address awaits confirmation, gets its link again, and is confirmed by following it", async ({ page }) => {
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  const address = `team-${Date.now()}-${Math.floor(Math.random() * 1e6)}@client.test`;
  const created = await page.request.post("/dashboard/econ/create-feed", {
    form: {
      intent: "create",
      name: "Team feed",
      database: "DB01",
      seriesFrequency: "annual",
      status: "inactive",
      notificationEmail: address,
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const details = created.headers().location!;

  await open(page, details);
  const awaiting = page.getByTestId("awaiting-addresses");
  await expect(awaiting).toContainText(address);
  await expect.poll(async () => linkOf(await newestMailBody(address)), { timeout: 10_000 }).toBeTruthy();
  const first = linkOf(await newestMailBody(address));

  // The edit form shows it too, and sends the link again through the feed's page.
  await open(page, details.replace("/feed-details/", "/edit-feed/"));
  await page
    .getByTestId("awaiting-addresses")
    .getByRole("button", { name: `Send the link again to ${address}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${details}$`));
  await expect(page.getByText(`A new confirmation link was sent to ${address}.`)).toBeVisible();
  await expect.poll(async () => linkOf(await newestMailBody(address)), { timeout: 10_000 }).not.toBe(first);
  const link = linkOf(await newestMailBody(address))!;

  await open(page, first!);
  await expect(page.getByRole("alert")).toContainText("This link is not valid");
  await open(page, link);
  await expect(page.getByText(`asked the Developer Portal to send notifications of their feeds and dumps to ${address}`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm this address" }).click();
  await expect(page.getByTestId("address-confirmed")).toHaveText(
    `${address} is confirmed: it now receives the notifications it was given for.`,
  );

  await open(page, details);
  await expect(page.getByTestId("feed-first-run")).toBeVisible();
  await expect(page.getByTestId("awaiting-addresses")).toHaveCount(0);
});
