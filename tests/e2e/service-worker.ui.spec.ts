import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { open } from "./support/pages";
import { test } from "./support/test";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a service worker needs JavaScript");

const overview = "/docs/econ/macroeconomic";
const deployedVersion = /^const VERSION = (\d+);$/m.exec(readFileSync("public/sw.js", "utf8"))?.[1];

/** The addresses the worker keeps, as path and query. */
function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const requests = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
    return requests.flat().map(({ url }) => new URL(url).pathname + new URL(url).search);
  });
}

async function waitForControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test("the worker registers at the root, and the docs pages a reader opened read offline, others do not", async ({
  page,
  context,
  baseURL,
}) => {
  const script = await page.request.get("/sw.js");
  expect(script.headers()["cache-control"]).toBe("no-cache");
  expect(script.headers()["content-security-policy"]).toBe("default-src 'none'; connect-src 'self'");

  await open(page, overview);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/`);
  await waitForControl(page);
  // Opened before the worker ran, the page is stored when the worker takes over.
  await expect.poll(() => storedPaths(page)).toContain(overview);

  // A link followed in the page loads its data only; the worker stores the page's document as well.
  await page.getByRole("navigation", { name: "Documentation menu" }).getByRole("link", { name: "Prerequisites" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Prerequisites" })).toBeVisible();
  await expect.poll(() => storedPaths(page)).toContain(`${overview}/getting-started/prerequisites`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Prerequisites" })).toBeVisible();
  await page.goto(overview);
  await expect(page.getByRole("heading", { level: 1, name: "Macroeconomic Data API" })).toBeVisible();
  await expect(page.goto("/docs/corp/api-v2")).rejects.toThrow();
});

test("nothing a signed-in reader is shown is stored, docs pages included", async ({ page }) => {
  await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
  await open(page, overview);
  await waitForControl(page);
  await open(page, "/dashboard");
  await open(page, `${overview}/getting-started/prerequisites`);
  await page.getByRole("navigation", { name: "Documentation menu" }).getByRole("link", { name: "Authentication" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Authentication" })).toBeVisible();
  // The worker does keep the hashed files these pages load: it ran, and chose to keep nothing else.
  await expect.poll(async () => (await storedPaths(page)).some((path) => path.startsWith("/assets/"))).toBe(true);
  expect((await storedPaths(page)).filter((path) => !path.startsWith("/assets/"))).toEqual([]);
});

test("an updated worker is found by the 15-minute check, told to skip waiting, and the page reloads once", async ({ page, context }) => {
  // The first copy of the worker the browser gets is an older release (another version); every later fetch gets the deployed file.
  await context.route(
    "**/sw.js",
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/^const VERSION = \d+;$/m, "const VERSION = 0;") });
    },
    { times: 1 },
  );
  await page.clock.install();
  await open(page, overview);
  await waitForControl(page);
  await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(["portal-offline-v0"]);

  await page.evaluate(() => document.documentElement.setAttribute("data-before-update", ""));
  const reloaded = page.waitForEvent("load");
  await page.clock.fastForward("15:00");
  await reloaded;
  await expect(page.locator("html[data-before-update]")).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([`portal-offline-v${deployedVersion}`]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
});
