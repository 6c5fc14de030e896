import { expect, test, type Page } from "@playwright/test";

/**
 * Opens a page and waits until it is whole: with JavaScript until React has hydrated it, or for a docs page, whose
 * hydration waits for a reader reaching for the query builder, until its own script has run (deferred-hydration.ts).
 */
export async function open(page: Page, url: string, status = 200) {
  const response = await page.goto(url);
  expect(response?.status(), `status of ${url}`).toBe(status);
  await waitForHydration(page);
  return response;
}

export async function waitForHydration(page: Page) {
  if (javaScriptEnabled()) await page.locator('html[data-hydrated], html[data-hydration="deferred"]').waitFor({ state: "attached" });
  // Without JavaScript, the whole document: a count taken while the browser still parses it sees part of a page.
  else await page.waitForLoadState("load");
}

export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** A form control by its label; required labels end in an asterisk. */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}( \\*)?$`));
}
