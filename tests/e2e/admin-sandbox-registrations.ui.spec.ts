import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { open } from "./support/pages";
import { insertLead } from "./support/sandbox-leads";
import { test } from "./support/test";

const screen = "/dashboard/admin/sandbox-registrations";

test("an admin filters the sandbox registrations and downloads the filtered CSV, on a phone too", async ({ page }) => {
  const marker = `m${randomUUID().slice(0, 8)}`;
  await insertLead(marker, { name: "Grace", company: "Compilers", country: "US", offers: true });
  await insertLead(marker, { name: "Alan", company: "Machines", country: "GB" });
  await signInPage(page, await createAccount({ isAdmin: true }));
  await page.setViewportSize({ width: 390, height: 800 });
  await open(page, screen);
  // On a phone the admin screens are in the side menu, behind its toggle.
  await page.getByRole("checkbox", { name: "Toggle the dashboard menu" }).check();
  const menu = page.getByRole("navigation", { name: "Dashboard menu" });
  await expect(menu.getByRole("link", { name: "Sandbox registrations" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("checkbox", { name: "Toggle the dashboard menu" }).uncheck();

  const filters = page.getByRole("search", { name: "Filter the sandbox registrations" });
  await filters.getByLabel("Name, company or e-mail").fill(marker);
  await filters.getByLabel("Offers consent").selectOption("yes");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}.*offers=yes`));
  const rows = page.getByTestId("sandbox-lead");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Grace Prospect");
  await expect(rows.first()).toContainText(`Compilers ${marker}`);
  await expect(rows.first()).toContainText("Not usedNot issued");
  await expect(rows.first()).not.toContainText("e2e-");
  // The table scrolls inside its own box, which fits the phone, as does the filter form.
  const scrollBox = await page.getByTestId("sandbox-leads").evaluate((table) => {
    const box = table.parentElement!.parentElement!;
    return { right: box.getBoundingClientRect().right, scrolls: box.scrollWidth > box.clientWidth };
  });
  expect(scrollBox.right).toBeLessThanOrEqual(390);
  expect(scrollBox.scrolls).toBe(true);
  expect((await filters.boundingBox())!.x + (await filters.boundingBox())!.width).toBeLessThanOrEqual(390);

  const csvLink = page.getByTestId("leads-csv");
  await expect(csvLink).toHaveAttribute("href", `${screen}.csv?q=${marker}&offers=yes`);
  const csv = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,Grace,Prospect,Compilers ${marker},Head of data,US,`);
});
