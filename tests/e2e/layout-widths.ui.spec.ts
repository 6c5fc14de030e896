import { expect, type Page } from "@playwright/test";
import { dashboardAreas } from "../../app/modules/dashboard/screens";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/**
 * Every page type at a phone's and two laptops' widths (issue 28): the document is never wider than the window,
 * every control of the header is inside it, no toast covers the h1 or a header control, and the header shows the
 * navigation from 992 px and only the brand and the ☰ menu below. One browser page per test, each URL opened once
 * and measured at every width. (The code column beside the description at 1440 px: code-tabs.ui.spec.ts.)
 */

// 992 px: the narrowest bar that shows the navigation.
const widths = [390, 992, 1200, 1440] as const;
const operation = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get";

/** What is wrong with the page's layout at the window's current width, in words; nothing when it is right. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      // The widest elements name the cause.
      const culprits = [...document.body.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .slice(-3)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}@${Math.round(element.getBoundingClientRect().right)}`,
        );
      problems.push(`document ${document.documentElement.scrollWidth} px wide: ${culprits.join(", ")}`);
    }
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    const header = document.querySelector(".site-header")!;
    for (const control of header.querySelectorAll("a, button, summary")) {
      if (!visible(control)) continue;
      const box = control.getBoundingClientRect();
      if (box.left < 0 || box.right > width)
        problems.push(`header control "${control.textContent?.trim()}" at ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
    // One row: nothing in the bar wraps onto a second line.
    const height = header.getBoundingClientRect().height;
    if (height > 70) problems.push(`header ${Math.round(height)} px high`);
    const brand = header.querySelector(".brand-name")!.getBoundingClientRect();
    if (brand.height > 30) problems.push(`brand on more than one line (${Math.round(brand.height)} px high)`);
    // A toast keeps to the bottom: never over the page's title or a header control.
    const controls = [...header.querySelectorAll("a, button, summary")].filter(visible);
    const title = document.querySelector("h1");
    for (const toast of document.querySelectorAll(".notification")) {
      const box = toast.getBoundingClientRect();
      const covers = (element: Element) => {
        const other = element.getBoundingClientRect();
        return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
      };
      if (title && covers(title)) problems.push(`toast over the h1 at ${Math.round(box.top)}-${Math.round(box.bottom)}`);
      for (const control of controls.filter(covers)) problems.push(`toast over header control "${control.textContent?.trim()}"`);
    }
    const menuToggle = visible(header.querySelector(".nav-mobile summary")!);
    const navigation = visible(header.querySelector(".nav-desktop")!);
    const tools = visible(header.querySelector(".header-tools")!);
    const narrow = width < 992;
    if (menuToggle !== narrow || navigation === narrow || tools === narrow) {
      problems.push(
        `header shows ${[navigation && "navigation", tools && "languages and account", menuToggle && "☰"].filter(Boolean).join(", ")}`,
      );
    }
    return problems;
  });
}

/** The open page's problems at every width, each named by the page and the width. */
async function problemsAtWidths(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await layoutProblems(page)).map((problem) => `${name} at ${width}: ${problem}`));
  }
  return found;
}

/** Opens each page once and measures it at every width; fails once, listing every page's problems. */
async function expectLayouts(page: Page, urls: (string | [string, number])[]) {
  const found: string[] = [];
  for (const entry of urls) {
    const [url, status] = typeof entry === "string" ? [entry, 200] : entry;
    await open(page, url, status);
    found.push(...(await problemsAtWidths(page, url)));
  }
  expect(found).toEqual([]);
}

/**
 * The screens of the product areas, or of the admin area, from the list the routes are built from: each route module
 * once (the first product's), and in the admin area every screen of its menu too, whose lists show more columns.
 * Files (.csv, .json) are left out; a path's ids are filled in from `ids`.
 */
function dashboardScreens(admin: boolean, ids: Record<string, string>): string[] {
  const productFiles = new Set<string>();
  const urls: string[] = [];
  for (const area of dashboardAreas) {
    const adminArea = area.access === "admins";
    for (const screen of area.screens) {
      const seen = productFiles.has(screen.file);
      if (!adminArea) productFiles.add(screen.file);
      if (adminArea !== admin || /\.(csv|json)$/.test(screen.path) || (seen && !(adminArea && screen.menu))) continue;
      const path = screen.path.replace(/:(\w+)/g, (_, name: string) => {
        const id = ids[name];
        if (!id) throw new Error(`no ${name} for /dashboard/${area.segment}/${screen.path}`);
        return id;
      });
      urls.push(`/dashboard/${area.segment}/${path}`);
    }
  }
  return urls;
}

test("public and docs pages fit every width, in English and Chinese", { tag: "@no-db" }, async ({ page }) => {
  test.setTimeout(120_000);
  await expectLayouts(page, [
    "/",
    "/api-products",
    "/api-products/econ/macroeconomic",
    "/docs",
    "/docs/econ/macroeconomic",
    "/docs/econ/macroeconomic/getting-started/authentication",
    operation,
    "/docs/econ/macroeconomic/docs/models",
    "/docs/econ/macroeconomic/docs/responses",
    "/docs/econ/macroeconomic/python/full-guide",
    "/docs/econ/macroeconomic/release-notes",
    "/docs/corp/api-v2",
    "/terms",
    "/docs/econ/macroeconomic/search?q=series",
    "/search?q=series",
    "/login",
    "/login/econ",
    "/faq",
    "/contact",
    "/contact/general-inquiry",
    ["/no-such-page", 404],
    "/zh",
    "/zh/docs/econ/macroeconomic",
    `/zh${operation}`,
    "/zh/login/econ",
  ]);
});

test("signed in, every dashboard screen fits every width, in English and Chinese", async ({ page }) => {
  test.setTimeout(150_000);
  await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents"] }));
  // A feed and a dump, for the screens of one.
  const database = ((await (await page.request.get("/api/econ-options")).json()) as { databases: { value: string }[] }).databases[0]!.value;
  const ids: Record<string, string> = {};
  for (const [path, name] of [
    ["/api/econ-feed", "feedId"],
    ["/api/econ-dump", "dumpId"],
  ] as const) {
    const response = await page.request.post(path, { data: { name: "A rather long name for the board's GDP figures", database } });
    expect(response.status(), await response.text()).toBe(201);
    ids[name] = ((await response.json()) as { id: string }).id;
  }
  await expectLayouts(page, [
    "/",
    "/dashboard",
    "/dashboard/profile",
    "/dashboard/token-management",
    "/dashboard/password",
    "/dashboard/sessions",
    "/dashboard/delete-account",
    "/dashboard/webhooks",
    "/dashboard/usage",
    ...dashboardScreens(false, ids),
    "/faq",
    "/zh/dashboard/econ/dumps",
    "/zh/docs/econ/macroeconomic",
  ]);
});

test("signed in as an admin, every admin screen fits every width, and the sign-out toast keeps off the h1", async ({ page }) => {
  test.setTimeout(150_000);
  await signInPage(page, await createAccount({ isAdmin: true, hasTokenDecoder: true }));
  const user = await e2eDb().selectFrom("users").select("id").where("email", "=", "macro@demo.test").executeTakeFirstOrThrow();
  // A logged call, for the screen of one: a call without a key is logged too, as the anonymous caller's.
  const requestId = (await page.request.get("/data-api/macroeconomic/dictionary/regions")).headers()["x-request-id"]!;
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/admin/usage?requestId=${requestId}`)).json()) as { calls: unknown[] }).calls.length,
    )
    .toBe(1);
  await expectLayouts(page, ["/zh/dashboard/admin/dashboard", ...dashboardScreens(true, { id: user.id, requestId })]);

  // A toast, measured at every width while it shows (at 1440 px now, where the bar holds the sign-out button).
  await page.locator(".header-tools").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByTestId("notification").filter({ hasText: "You have been signed out." })).toBeVisible();
  expect(await problemsAtWidths(page, "the home page with a toast")).toEqual([]);
});

test("on a phone the ☰ menu holds the navigation, languages and account, and closes beside it", { tag: "@no-db" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A page React hydrates at once and a docs page, whose own small script binds the menu before React runs.
  for (const url of ["/contact", "/zh/docs/econ/macroeconomic"]) {
    await open(page, url);
    const menu = page.locator("details.nav-mobile");
    const toggle = menu.locator("summary");
    const panel = menu.locator(".nav-mobile-panel");
    const chinese = url.startsWith("/zh");
    // Its name says what a press does, without JavaScript too.
    await expect(toggle).toHaveAccessibleName(chinese ? "打开菜单" : "Open menu");
    await expect(toggle).toHaveAttribute("aria-controls", "site-menu");
    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAccessibleName(chinese ? "关闭菜单" : "Close menu");
    await expect(panel.getByRole("link", { name: chinese ? "English" : "中文" })).toBeVisible();
    await expect(panel.getByRole("link", { name: chinese ? "登录" : "Sign in" })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Page scrolling is locked while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    // A click beside the menu closes it, with and without JavaScript (the shade is the toggle).
    await page.mouse.click(20, 600);
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

    if (javaScriptEnabled()) {
      await toggle.click();
      await expect(panel).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      // The focus moves into the menu and Tab cycles inside it, through the toggle.
      await expect(panel.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(panel.getByRole("link", { name: chinese ? "登录" : "Sign in" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      // Focus moving on to the page closes it too.
      await toggle.click();
      await expect(panel).toBeVisible();
      await page.getByRole("main").getByRole("link").first().focus();
      await expect(panel).toBeHidden();
      // A link in it navigates on the client, and the menu, which stays in the page, closes.
      await toggle.click();
      await panel.getByRole("link", { name: chinese ? "搜索" : "Search" }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(panel).toBeHidden();
    }
  }
});

test("signed in on a phone, the menu holds the account and sign-out, inside the window", async ({ page }) => {
  await signInPage(page, { email: "macro@demo.test", password: "demo-password" });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/dashboard");
  const panel = page.locator(".nav-mobile-panel");
  await page.locator("details.nav-mobile summary").click();
  await expect(panel.getByRole("link", { name: "Mark Macro" })).toBeVisible();
  const signOut = panel.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await signOut.click();
  await expect(page.getByTestId("notification").filter({ hasText: "You have been signed out." })).toBeVisible();
});

test("on a phone a markdown table scrolls in a box of its own and a parameter table stacks", { tag: "@no-db" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/docs/econ/macroeconomic");
  // Every table is in a focusable box, and the widest ("How the data is organised") scrolls inside its own.
  const boxes = page.locator(".markdown .table-scroll");
  expect(await page.locator(".markdown table").count()).toBe(await boxes.locator("> table").count());
  await expect(boxes.first()).toHaveAttribute("tabindex", "0");
  expect(await boxes.evaluateAll((elements) => elements.some((element) => element.scrollWidth > element.clientWidth))).toBe(true);

  await open(page, operation);
  const table = page.locator(".field-table").first();
  await expect(table.locator("thead")).toBeHidden();
  const cell = table.locator("tbody td").first();
  expect(await cell.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"Name"');
  const [label, value] = await cell.evaluate((element) => [getComputedStyle(element, "::before").width, getComputedStyle(element).display]);
  expect(parseFloat(label!)).toBeGreaterThan(0);
  expect(value).toBe("grid");
});
