import { expect } from "@playwright/test";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const root = "/docs/econ/macroeconomic";

test(
  "from 992 px the menu is a column beside the content that stays in view, listing the tag being read only",
  { tag: "@no-db" },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, `${root}/docs/dictionary?path=%2Fdictionary%2Fcurrencies&method=get`);
    const aside = page.locator("#docs-aside");
    const menu = page.getByRole("navigation", { name: "Documentation menu" });
    await expect(page.locator(".docs-drawer > summary")).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(aside.getByRole("search")).toBeVisible();
    await expect(aside.getByTestId("version-switcher")).toBeVisible();

    const column = (await aside.boundingBox())!;
    const content = (await page.locator(".docs-content").boundingBox())!;
    expect(column.x + column.width).toBeLessThanOrEqual(content.x);
    expect(column.y).toBe(content.y);
    // The full height of the window, not a 45vh box above the content; it scrolls on its own.
    expect(column.height).toBe(800);
    await expect(aside).toHaveCSS("overflow-y", "auto");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(async () => (await aside.boundingBox())?.y).toBe(0);

    // Only the tag being read lists its operations; the other tags link to their tag page.
    await expect(menu.locator('a[href*="?path="]')).toHaveCount(6);
    await expect(menu.locator(`a[href*="?path="]:not([href^="${root}/docs/dictionary?"])`)).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Series", exact: true })).toHaveAttribute("href", `${root}/docs/series`);
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);

    // With JavaScript the column scrolls to the current entry, here the release notes near its end.
    await open(page, `${root}/release-notes`);
    const current = menu.locator('[aria-current="page"]');
    await expect(current).toHaveText("Release notes");
    if (javaScriptEnabled()) await expect(current).toBeInViewport();
  },
);

test(
  "below 992 px the menu is a drawer the keyboard opens, a click beside closes, and a link in it navigates",
  { tag: "@no-db" },
  async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await open(page, "/zh/docs/econ/macroeconomic/getting-started/authentication");
    const toggle = page.locator(".docs-drawer > summary");
    const aside = page.locator("#docs-aside");
    const menu = aside.locator(".docs-menu");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAccessibleName("文档目录");
    expect((await toggle.boundingBox())!.y).toBeLessThan((await page.locator(".docs-content").boundingBox())!.y);

    // Tab reaches the toggle after the header, Enter opens the drawer over the content.
    await page.locator(".nav-mobile summary").focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "文档菜单" })).toBeVisible();
    await expect(aside.getByRole("search")).toBeVisible();
    await expect(aside.getByTestId("version-switcher")).toBeVisible();
    await expect(toggle).toHaveAccessibleName("关闭目录");
    expect(await aside.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 900 });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    if (javaScriptEnabled()) {
      await expect(menu.locator('[aria-current="page"]')).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Enter");
    } else {
      await page.keyboard.press("Tab");
      await expect(aside.getByTestId("version-switcher").locator("summary")).toBeFocused();
    }
    await expect(menu).toBeVisible();

    // The shade beside the drawer is the toggle: a click there closes it.
    await page.mouse.click(700, 600);
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.locator('a[href="/zh/docs/econ/macroeconomic/docs/series"]').click();
    await expect(page).toHaveURL(/\/zh\/docs\/econ\/macroeconomic\/docs\/series$/);
    await expect(menu).toBeHidden();
    await expect(menu.locator('a[href^="/zh/docs/econ/macroeconomic/docs/series?"]')).toHaveCount(3);
  },
);
