import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { open } from "./support/pages";
import { test } from "./support/test";

/**
 * The dashboard's layout at 1440 and 390 px, with JavaScript on and off: the side menu stays in view beside a long
 * form, collapsing it moves no page action, its icons keep their names; a feed list keeps one line per row, a long
 * name ending in an ellipsis with the whole name in its title, and the list scrolls in its own box on a phone.
 */

const longName = `Quarterly GDP of every economy with a very long name that cannot fit ${"x".repeat(20)}`;

async function signInWithFeed(page: Page) {
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  const database = ((await (await page.request.get("/api/econ-options")).json()) as { databases: { value: string }[] }).databases[0]!.value;
  for (const name of [longName, "GDP"]) {
    const response = await page.request.post("/api/econ-feed", { data: { name, database } });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test("at 1440 px the side menu stays in view beside a long form, and collapsing it moves no page action", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithFeed(page);
  const menu = page.getByRole("navigation", { name: "Dashboard menu" });
  const toggle = page.getByRole("checkbox", { name: "Toggle the dashboard menu" });

  await open(page, "/dashboard/econ/create-feed");
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1800);
  await page.evaluate(() => window.scrollTo(0, 900));
  // Scrolled a screen down the form: the menu fills the viewport's height from its top, its toggle with it.
  const box = (await menu.boundingBox())!;
  expect(Math.abs(box.y)).toBeLessThan(2);
  expect(box.height).toBeGreaterThanOrEqual(899);
  expect((await toggle.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  await expect(menu.getByRole("link", { name: "Profile" })).toBeInViewport();
  expect(await menu.evaluate((element) => getComputedStyle(element).overflowY)).toBe("auto");

  await open(page, "/dashboard/econ/dumps");
  const create = page.getByRole("link", { name: "Create dump" });
  const heading = page.getByRole("heading", { level: 1 });
  const before = (await create.boundingBox())!;
  // Level with the title, at the right.
  expect(Math.abs(before.y - (await heading.boundingBox())!.y)).toBeLessThan(16);
  await toggle.check();
  await expect(menu).toHaveCSS("width", "50px");
  const after = (await create.boundingBox())!;
  // Still level with the title at the right edge: the text column grew, the action did not move.
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
  expect(Math.abs(after.x - before.x)).toBeLessThan(2);
  // Collapsed to icons, each link keeps its name and shows it as a tooltip on hover.
  const profile = menu.getByRole("link", { name: "Profile" });
  await expect(profile).toBeVisible();
  await profile.hover();
  const label = profile.locator(".side-menu-label");
  await expect(label).toHaveCSS("clip-path", "none");
  const labelBox = (await label.boundingBox())!;
  expect(labelBox.x).toBeGreaterThan(((await menu.boundingBox())!.x ?? 0) + 40);
});

for (const width of [1440, 390]) {
  test(`at ${width} px the feeds list keeps one line per row, in a box of its own that scrolls`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInWithFeed(page);
    await open(page, "/dashboard/econ/feeds");
    const rows = page.getByTestId("feed-row");
    await expect(rows).toHaveCount(2);
    const heights = await rows.evaluateAll((elements) => elements.map((row) => row.getBoundingClientRect().height));
    // The long name's row is no taller than the short one's: one line each.
    expect(Math.abs(heights[0]! - heights[1]!)).toBeLessThan(2);
    const long = rows.filter({ hasText: "Quarterly GDP" });
    const name = long.locator(".truncated").first();
    await expect(name).toHaveAttribute("title", longName);
    expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // The row's actions share one button style.
    const actions = long.locator("td").last().locator("a, button");
    const styles = await actions.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.borderTopColor} ${style.height}`;
      }),
    );
    expect(styles).toHaveLength(3);
    expect(new Set(styles).size).toBe(1);
    // The table scrolls inside its own box: the content column stays within the viewport.
    const content = await page.locator(".dashboard-content").evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      overflow: element.scrollWidth - element.clientWidth,
    }));
    expect(content.right).toBeLessThanOrEqual(width);
    expect(content.overflow).toBe(0);
  });
}
