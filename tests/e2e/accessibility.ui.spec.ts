import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { solvedCaptcha } from "./support/contact-client";
import { e2eDb, uniqueEmail } from "./support/database";
import { seedRetryingRun } from "./support/deliveries";
import { field, open } from "./support/pages";
import { test } from "./support/test";

/**
 * axe-core with the rules of WCAG 2.1 A and AA on one page of every page type, in sequence in one browser page
 * per area. Serious and critical violations fail, each named with its rule, elements and contrast figures.
 */

test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "axe runs as a script in the page; without JavaScript the server markup is the same",
);

interface CheckedPage {
  url: string;
  status?: number;
}

/** The rule, the elements and, for contrast, the colours and figures of each serious or critical violation. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Not over a control: the hover colours are the theme's, checked in mantine-themes.test.ts.
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const contrast = node.any.find((check) => check.id === "color-contrast")?.data as
          { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string } | undefined;
        const figures = contrast
          ? ` ${contrast.fgColor} on ${contrast.bgColor} at ${contrast.contrastRatio}:1, needs ${contrast.expectedContrastRatio}`
          : "";
        return `${violation.id}: ${node.target.join(" ")}${figures}`;
      }),
    );
}

/** Visits the pages in turn and fails once, listing every page's violations. */
async function expectAccessible(page: Page, pages: CheckedPage[]) {
  const found: string[] = [];
  for (const { url, status } of pages) {
    await open(page, url, status);
    found.push(...(await seriousViolations(page)).map((violation) => `${url} ${violation}`));
  }
  expect(found).toEqual([]);
}

const operation = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get";

test("public pages, sign-in and the 404 page, in English and Chinese", async ({ page }) => {
  test.setTimeout(120_000);
  await expectAccessible(page, [
    { url: "/" },
    { url: "/api-products" },
    { url: "/api-products/econ/macroeconomic" },
    { url: "/api-products/corp/company" },
    { url: "/api-products/flows/api" },
    { url: "/api-products/estate/api" },
    { url: "/terms" },
    { url: "/contact" },
    { url: "/contact/general-inquiry" },
    { url: "/contact/business-inquiry" },
    { url: "/login" },
    { url: "/login/econ" },
    { url: "/reset-password" },
    { url: "/search?q=series" },
    { url: "/no-such-page", status: 404 },
    { url: "/zh" },
    { url: "/zh/login/corp" },
    { url: "/zh/contact/report-bug" },
  ]);
});

test("documentation: overview, written, tag, operation, models, search, release notes, downloads, Postman", async ({ page }) => {
  test.setTimeout(120_000);
  await expectAccessible(page, [
    { url: "/docs" },
    { url: "/docs/econ/macroeconomic" },
    { url: "/docs/econ/macroeconomic/getting-started/authentication" },
    { url: "/docs/econ/macroeconomic/docs/series" },
    { url: operation },
    { url: "/docs/econ/macroeconomic/docs/models" },
    { url: "/docs/econ/macroeconomic/docs/responses" },
    { url: "/docs/econ/macroeconomic/search?q=series" },
    { url: "/docs/econ/macroeconomic/release-notes" },
    { url: "/docs/econ/macroeconomic/getting-started/using-sdk" },
    { url: "/docs/econ/sandbox/register-trial" },
    { url: "/docs/flows/api-v2/postman-collection" },
    { url: "/docs/corp/api-v2" },
    { url: "/docs/estate/api-v1/models" },
    { url: "/zh/docs/corp/documents/getting-started/authentication" },
    { url: "/docs/econ/macroeconomic/no-such-page", status: 404 },
  ]);
});

test("a subscriber's dashboard: keys, feeds, dumps, profile, FAQ and the query builder", async ({ page }) => {
  test.setTimeout(150_000);
  await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents"] }));
  const database = ((await (await page.request.get("/api/econ-options")).json()) as { databases: { value: string }[] }).databases[0]!.value;
  const created: string[] = [];
  for (const path of ["/api/econ-feed", "/api/econ-dump"]) {
    const response = await page.request.post(path, { data: { name: "GDP for the board", database } });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { id: string }).id);
  }
  // A run whose webhook is being retried: the feed page's history with its deliveries, attempts and retry button.
  await seedRetryingRun(created[0]!);
  await open(page, "/dashboard/token-management");
  await page.getByTestId("key-card-econ").getByRole("button", { name: "Generate key" }).click();
  await expect(page.getByTestId("new-key-value")).toBeVisible();
  await expectAccessible(page, [
    { url: "/dashboard" },
    { url: "/dashboard/profile" },
    { url: "/dashboard/token-management" },
    { url: "/faq" },
    { url: "/dashboard/econ/feeds" },
    { url: "/dashboard/econ/create-feed" },
    { url: "/dashboard/econ/dumps" },
    { url: "/dashboard/econ/create-dump" },
    { url: "/dashboard/corp/feeds" },
    { url: "/dashboard/corp/create-feed" },
    { url: "/dashboard/corp/create-dump" },
    { url: "/dashboard/corp/predefined-datasets" },
    { url: "/dashboard/documents/create-feed" },
    { url: "/zh/dashboard/econ/dumps" },
    { url: operation },
    { url: "/dashboard/password" },
    { url: "/dashboard/sessions" },
    { url: "/dashboard/delete-account" },
    { url: "/dashboard/webhooks" },
    { url: "/zh/dashboard/webhooks" },
    { url: "/dashboard/usage" },
    { url: "/zh/dashboard/usage?from=bad", status: 400 },
    { url: `/dashboard/econ/feed-details/${created[0]}` },
    { url: `/zh/dashboard/econ/feed-details/${created[0]}` },
    { url: `/dashboard/econ/dump-details/${created[1]}` },
    { url: "/notification-address/unknown-link-0123456789abcdef" },
  ]);

  // The dump's status badge shows its whole word ("COMPLETED", not "COM…") in both languages, on a phone too.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [url, completed] of [
      ["/dashboard/econ/dumps", "Completed"],
      ["/zh/dashboard/econ/dumps", "已完成"],
    ] as const) {
      await open(page, url);
      const status = page.getByTestId("dump-status");
      await expect(status).toHaveText(completed, { timeout: 30_000 });
      const clipped = await status.evaluate(
        (badge) => [badge, ...badge.querySelectorAll("*")].filter((part) => part.scrollWidth > part.clientWidth).length,
      );
      expect(clipped, `${url} at ${width} px`).toBe(0);
    }
  }
});

test("the admin panel", async ({ page }) => {
  test.setTimeout(120_000);
  await signInPage(page, { email: "admin@demo.test", password: "demo-password" });
  await expectAccessible(page, [
    { url: "/dashboard/admin/dashboard" },
    { url: "/dashboard/admin/incidents" },
    { url: "/dashboard/admin/snowflake-incidents" },
    { url: "/dashboard/admin/outbox" },
    { url: "/dashboard/admin/token-decoder" },
    { url: "/dashboard/admin/macroeconomic-feeds" },
    { url: "/dashboard/admin/macroeconomic-dumps" },
    { url: "/dashboard/admin/company-feeds/create-feed" },
    { url: "/dashboard/admin/company-dumps" },
    { url: "/dashboard/admin/documents-feeds" },
    { url: "/zh/dashboard/admin/dashboard" },
    { url: "/dashboard/admin/api-keys" },
    { url: "/dashboard/admin/sandbox-registrations" },
    { url: "/dashboard/admin/usage" },
    { url: "/dashboard/admin/users?q=demo.test" },
    { url: "/dashboard/admin/users/new" },
    { url: `/dashboard/admin/users/${await demoUserId("macro@demo.test")}` },
    { url: `/zh/dashboard/admin/users/${await demoUserId("macro@demo.test")}` },
    { url: "/invitation/not-a-token" },
  ]);
});

async function demoUserId(email: string): Promise<string> {
  return (await e2eDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

test("the outcome pages of a contact message and a sandbox registration, and a form's error summary", async ({ page }) => {
  const sent = await page.request.post("/contact/general-inquiry", {
    form: {
      name: "Ada",
      email: uniqueEmail("a11y"),
      subject: "Outcome",
      text: "Checked by axe",
      altcha: await solvedCaptcha(page.request),
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  const registered = await page.request.post("/zh/api-products/econ/sandbox", {
    form: {
      name: "Ada",
      surname: "Lovelace",
      companyName: "AE",
      jobTitle: "Economist",
      email: uniqueEmail("a11y-sandbox"),
      country: "GB",
      consent: "on",
      altcha: await solvedCaptcha(page.request),
    },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);
  await expectAccessible(page, [{ url: "/contact/sent" }, { url: "/zh/api-products/econ/sandbox/registered" }]);

  await open(page, "/contact/general-inquiry");
  await field(page, "Email").fill("not-an-email");
  await expect(page.locator(".altcha[data-state]")).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("form-errors")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
