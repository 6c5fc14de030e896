import { expect, type Locator } from "@playwright/test";
import { javaScriptEnabled, open, waitForHydration } from "./support/pages";
import { test } from "./support/test";

const root = "/docs/econ/macroeconomic";
const operationPage = `${root}/docs/series?path=%2Fseries%2F%7Bid%7D&method=get`;

/** The group of tabs whose pressed tab and only visible panel are `language`. */
async function expectShown(group: Locator, language: string, name: string) {
  await expect(group.getByRole("button", { name, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(group.locator(`.code-panel[data-code-language="${language}"]`)).toBeVisible();
  await expect(group.locator(".code-panel:visible")).toHaveCount(1);
}

test(
  "at 1440 px the code column stands beside the description, and the language chosen in its tabs carries to the next pages",
  { tag: "@no-db" },
  async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, operationPage);
    const column = page.getByRole("region", { name: "Request samples" });
    const description = page.locator(".operation-head");
    const beside = (await column.boundingBox())!;
    const head = (await description.boundingBox())!;
    expect(beside.x).toBeGreaterThanOrEqual(head.x + head.width);
    expect(beside.y).toBeLessThan(head.y + head.height);
    expect(beside.x + beside.width).toBeLessThanOrEqual(1440);
    await expect(column.getByTestId("example-response")).toBeVisible();
    const tabs = column.locator(".code-tabs");
    await expectShown(tabs, "curl", "curl");

    // A tab switches in place with JavaScript; without, its form keeps the choice and brings the reader back to it.
    await tabs.getByRole("button", { name: "Python", exact: true }).click();
    if (javaScriptEnabled()) expect(new URL(page.url()).hash).toBe("");
    else {
      await page.waitForURL((url) => url.hash === "#code-samples");
      await waitForHydration(page);
    }
    await expectShown(tabs, "python", "Python");
    await expect(tabs.getByRole("button", { name: "Python", exact: true })).toBeInViewport();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "code_language")?.value).toBe("python");

    // The column stays in view while the reference scrolls.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(async () => (await column.boundingBox())?.y).toBe(16);

    // The guide's samples and the next operation page open on Python.
    await page.getByRole("navigation", { name: "Documentation menu" }).getByRole("link", { name: "Authentication", exact: true }).click();
    await waitForHydration(page);
    await expect(page).toHaveURL(`${root}/getting-started/authentication`);
    await expectShown(page.locator(".code-tabs").first(), "python", "Python");
    await open(page, `${root}/docs/series?path=%2Fseries%2Fsearch&method=get`);
    await expectShown(page.getByRole("region", { name: "Request samples" }).locator(".code-tabs"), "python", "Python");
  },
);

test("at 390 px the code column comes under the description, inside the page's width", { tag: "@no-db" }, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/zh${operationPage}`);
  const column = (await page.getByRole("region", { name: "请求示例" }).boundingBox())!;
  const head = (await page.locator(".operation-head").boundingBox())!;
  expect(column.y).toBeGreaterThanOrEqual(head.y + head.height);
  expect(column.x).toBeGreaterThanOrEqual(0);
  expect(column.x + column.width).toBeLessThanOrEqual(390);
});
