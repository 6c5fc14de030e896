import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { createAccount, signInPage, type Platform, type Product } from "./support/accounts";
import { nowIso } from "../../app/modules/db/ids";
import { e2eDb } from "./support/database";
import { javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

const require = createRequire(import.meta.url);

/** An operation page: its tag page with ?path=&method=. */
function operationPage(setRoot: string, tag: string, path: string, method: string): string {
  return `${setRoot}/docs/${tag}?path=${encodeURIComponent(path)}&method=${method}`;
}

const pages = {
  seriesSearch: operationPage("/docs/econ/macroeconomic", "series", "/series/search", "get"),
  seriesById: operationPage("/docs/econ/macroeconomic", "series", "/series/{id}", "get"),
  postFilter: operationPage("/docs/econ/macroeconomic", "filters", "/filters", "post"),
  companySearch: operationPage("/docs/corp/company", "search", "/Search/queryCompany", "get"),
  documentsSearch: operationPage("/docs/corp/documents", "search", "/Search/query", "get"),
  companiesV2: operationPage("/docs/corp/api-v2", "companies", "/companies", "get"),
  deals: operationPage("/docs/corp/dealwatch", "deals", "/SearchDeal/getDeals", "get"),
  assetClasses: operationPage("/docs/flows/api-v2", "dictionary", "/v2/Dictionary/{dataset}/AssetClasses", "get"),
  openSession: operationPage("/docs/flows/api-v2", "session", "/Session", "post"),
  markets: operationPage("/docs/estate/api-v1", "markets", "/markets", "get"),
  sandboxSearch: operationPage("/docs/econ/sandbox", "series", "/series/search", "get"),
};

/** Generates a key of each platform on the token management page, in this browser's session. */
async function generateKeys(page: Page, platforms: Platform[]): Promise<Record<string, string>> {
  const keys: Record<string, string> = {};
  for (const platform of platforms) {
    await open(page, "/dashboard/token-management");
    await page.getByTestId(`key-card-${platform}`).getByRole("button", { name: "Generate key" }).click();
    keys[platform] = (await page.getByTestId("new-key-value").textContent()) ?? "";
    expect(keys[platform]).toMatch(new RegExp(`^${platform}_`));
  }
  return keys;
}

async function subscriberWithKeys(page: Page, products: Product[], platforms: Platform[]) {
  const account = await createAccount({ products });
  await signInPage(page, account);
  return { account, keys: await generateKeys(page, platforms) };
}

function builder(page: Page) {
  return page.getByTestId("query-builder");
}

async function send(page: Page) {
  const button = builder(page).getByRole("button", { name: "Send" });
  await button.click();
  await expect(builder(page).getByRole("button", { name: "Send" })).not.toHaveAttribute("data-loading");
}

async function expectStatus(page: Page, status: string) {
  await expect(page.getByTestId("query-builder-status")).toHaveText(status);
}

async function bodyJson(page: Page): Promise<unknown> {
  return JSON.parse((await page.getByTestId("query-builder-body").textContent()) ?? "");
}

/**
 * Runs axe-core on the builder (the rules of WCAG 2.1 A and AA) and answers the violations with their elements.
 * Only where JavaScript runs: axe needs the page's timers; the markup is the same server-rendered one without it.
 */
async function axeViolations(page: Page): Promise<string[]> {
  if (!javaScriptEnabled()) return [];
  // Not over a button: a hovered filled button is one shade lighter (the theme's concern, not the builder's).
  await page.mouse.move(0, 0);
  const source = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(source);
  return page.evaluate(async () => {
    type Violation = { id: string; nodes: { target: string[]; failureSummary?: string }[] };
    const { axe } = window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } };
    const result = await axe.run(document.querySelector('[data-testid="query-builder"]'), {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(", ")}`,
    );
  });
}

test.describe("the query builder", () => {
  test("a subscriber's key generated in token management fills the builder and the samples; a call returns catalog data", async ({
    page,
  }) => {
    const { keys } = await subscriberWithKeys(page, ["macroeconomic"], ["econ"]);
    await open(page, pages.seriesSearch);
    await expect(builder(page).getByTestId("query-builder-access")).toHaveCount(0);
    await expect(builder(page).getByText("The API key you generated in this session is filled in.")).toBeVisible();
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.econ!);
    await expect(page.getByTestId("sample-curl")).toContainText(`${baseURL}/data-api/macroeconomic/series/search?token=${keys.econ}`);
    await expect(page.getByText("These samples carry the key of this browser session in place of YOUR_API_KEY.")).toBeVisible();

    await builder(page).getByLabel("keyword").fill("GDP");
    await builder(page).getByLabel("limit").fill("3");
    await send(page);
    await expectStatus(page, "200 OK");
    const body = (await bodyJson(page)) as { data: { id: string }[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(3);
    await expect(page.getByTestId("query-builder-time")).toHaveText(/^Time taken: \d+ ms$/);
    await page.getByText(/^Response headers \(\d+\)$/).click();
    await expect(page.getByTestId("query-builder-headers")).toContainText(/content-type/i);
    const curl = page.getByTestId("query-builder-curl");
    await expect(curl).toContainText(`curl -X GET '${baseURL}/data-api/macroeconomic/series/search?`);
    await expect(curl).toContainText("keyword=GDP");
    await expect(curl).toContainText(`token=****${keys.econ!.slice(-4)}`);
    await expect(curl).not.toContainText(keys.econ!);
    // Only what the reader set: no default of a field left alone (ux review p2).
    await expect(curl).toContainText(/\/series\/search\?keyword=GDP&limit=3&token=/);
    // The body and the curl line sit in boxes with a copy button, which needs a script.
    await expect(page.getByTestId("query-builder-result").getByRole("button", { name: "Copy code" })).toHaveCount(
      javaScriptEnabled() ? 2 : 0,
    );
    // The values sent stay in the form, with JavaScript (in place) and without (the page comes back).
    await expect(builder(page).getByLabel("keyword")).toHaveValue("GDP");
    expect(page.url()).toContain("/docs/econ/macroeconomic/docs/series?path=");

    await builder(page).getByLabel("Show the key in the curl command").check();
    await send(page);
    await expect(curl).toContainText(`token=${keys.econ}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the company and documents sets send with the company platform's key", async ({ page }) => {
    const { keys } = await subscriberWithKeys(page, ["company", "documents"], ["corp"]);
    await open(page, pages.companySearch);
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.corp!);
    await builder(page).getByLabel("limit").fill("2");
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"current_name"');

    await open(page, pages.documentsSearch);
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.corp!);
    await builder(page).getByLabel("limit").fill("2");
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"documentId"');
  });

  test("company v2 and deal watch send with the company platform's key", async ({ page }) => {
    const { keys } = await subscriberWithKeys(page, ["company"], ["corp"]);
    await open(page, pages.companiesV2);
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.corp!);
    // An optional parameter starts empty (the call carries only what the reader sets), its default shown in it.
    await expect(builder(page).getByLabel("limit")).toHaveValue("");
    await expect(builder(page).getByLabel("limit")).toHaveAttribute("placeholder", "100");
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"data"');

    await open(page, pages.deals);
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.corp!);
    await builder(page).getByLabel("limit").fill("2");
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"dealId"');
  });

  test("fund flows: the builder opens a session with POST /Session, then calls with its bearer token", async ({ page }) => {
    const { account, keys } = await subscriberWithKeys(page, ["intelligence"], ["intel"]);
    await open(page, pages.assetClasses);
    await expect(builder(page).getByText(/first opens a session with POST \/Session/)).toBeVisible();
    await expect(builder(page).getByLabel("Username")).toHaveValue(account.email);
    await expect(builder(page).getByLabel("Password or API key")).toHaveValue(keys.intel!);
    await expect(builder(page).getByLabel("dataset")).toHaveValue("FF");
    // Fund flows' samples send a session token, not the API key: they keep the placeholder.
    await expect(page.getByTestId("sample-curl")).toContainText("Authorization: Bearer YOUR_API_KEY");
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"data"');
    const curl = page.getByTestId("query-builder-curl");
    await expect(curl).toContainText(`curl -X POST '${baseURL}/data-api/fund-flows/Session'`);
    await expect(curl).toContainText(`curl -X GET '${baseURL}/data-api/fund-flows/v2/Dictionary/FF/AssetClasses'`);
    await expect(curl).toContainText("Authorization: Bearer ****");
    await expect(curl).toContainText(`"password":"****${keys.intel!.slice(-4)}"`);
    await expect(curl).not.toContainText(keys.intel!);

    await builder(page).getByLabel("Password or API key").fill("wrong-password");
    await send(page);
    await expectStatus(page, "401 Unauthorized");
    await expect(page.getByTestId("query-builder-session-refused")).toBeVisible();

    // Request samples carry the session token, and the open POST /Session carries no credentials at all.
    await expect(page.getByText("Replace YOUR_API_KEY with the session token that POST /Session answers")).toBeVisible();
    await open(page, pages.openSession);
    await expect(builder(page).getByText("This call needs no key.")).toBeVisible();
    await expect(page.getByTestId("sample-curl")).not.toContainText("Authorization");
    await expect(page.getByText(/Replace YOUR_API_KEY/)).toHaveCount(0);
    await builder(page)
      .getByLabel("Request body (JSON)")
      .fill(JSON.stringify({ username: account.email, password: account.password }));
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"token"');
  });

  test("the real-estate set sends with the intelligence platform's key", async ({ page }) => {
    const { keys } = await subscriberWithKeys(page, ["intelligence"], ["intel"]);
    await open(page, pages.markets);
    await expect(builder(page).getByLabel("API key")).toHaveValue(keys.intel!);
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"data"');
  });

  test("a body that is not JSON and a missing required value are refused before any call", async ({ page }) => {
    await subscriberWithKeys(page, ["macroeconomic"], ["econ"]);
    await open(page, pages.postFilter);
    await expect(builder(page).getByLabel("Request body (JSON)")).toHaveValue(/"name"/);
    // Reaching the field hydrates the builder's island; typing before that could be undone by the hydration.
    if (javaScriptEnabled()) {
      await builder(page).getByLabel("Request body (JSON)").focus();
      await expect(page.locator("[data-island][data-hydrated]").getByTestId("query-builder")).toHaveCount(1);
    }
    await builder(page).getByLabel("Request body (JSON)").fill("{ not json");
    await send(page);
    await expect(builder(page).getByText("JSON value could not be parsed.")).toBeVisible();
    await expect(page.getByTestId("query-builder-result")).toHaveCount(0);

    await open(page, pages.seriesById);
    await send(page);
    await expect(builder(page).getByText("Please fill out this field.")).toBeVisible();
    await expect(page.getByTestId("query-builder-result")).toHaveCount(0);
  });

  test("a 429 is shown as what it is, with its Retry-After", async ({ page }) => {
    const { keys } = await subscriberWithKeys(page, ["macroeconomic"], ["econ"]);
    const hash = createHash("sha256").update(keys.econ!).digest("hex");
    const db = e2eDb();
    const key = await db.selectFrom("api_keys").select("user_id").where("key_hash", "=", hash).executeTakeFirstOrThrow();
    // Another call of this key's account is in flight: the data API takes one call of an account at a time.
    const inFlight = `in-flight:data-api:account:${key.user_id}`;
    await db
      .insertInto("rate_limits")
      .values({ key: inFlight, points: 1, expire: Date.now() + 30_000 })
      .execute();
    try {
      await open(page, pages.seriesSearch);
      await send(page);
      await expectStatus(page, "429 Too Many Requests");
      await expect(page.getByTestId("query-builder-too-many")).toHaveText(
        /^429 Too Many Requests: .* wait 1 s \(Retry-After\) before sending again\.$/,
      );
      await expect(page.getByTestId("query-builder-body")).toContainText('"code": 429');
    } finally {
      await db.deleteFrom("rate_limits").where("key", "=", inFlight).execute();
    }
  });

  test("[security3-N5] a send past the builder's own limit for the key is refused above Send, and nothing is sent", async ({ page }) => {
    const key = `econ_limited-${randomBytes(6).toString("hex")}`;
    const limitKey = `builder:key:${createHash("sha256").update(key).digest("hex")}`;
    // The key's 20 sends of the last minute, already made.
    await e2eDb()
      .insertInto("rate_limits")
      .values({ key: limitKey, points: 20, expire: Date.now() + 60_000 })
      .execute();
    await open(page, pages.seriesSearch);
    await builder(page).getByLabel("API key").fill(key);
    await send(page);
    await expect(page.getByTestId("query-builder-error")).toHaveText(
      /^Too many requests from the query builder: it sends at most 60 a minute from one network and 20 with one key\. Please try again in \d+ s\.$/,
    );
    await expect(page.getByTestId("query-builder-result")).toHaveCount(0);
    await expect(builder(page).getByLabel("API key")).toHaveValue(key);
  });

  test("a visitor sees where to get a key and may paste one", async ({ page, browser }) => {
    await open(page, pages.seriesSearch);
    const access = builder(page).getByTestId("query-builder-access");
    await expect(access).toContainText("Sign in and generate a key in token management to try this API here, or paste an API key.");
    await expect(access.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/login/econ?redirectTo=${encodeURIComponent(pages.seriesSearch)}`,
    );
    await expect(builder(page).getByLabel("API key")).toHaveValue("");
    await expect(page.getByTestId("sample-curl")).toContainText("token=YOUR_API_KEY");
    await send(page);
    await expect(builder(page).getByText("Please fill out this field.")).toBeVisible();

    await builder(page).getByLabel("API key").fill("econ_not-a-real-key");
    await send(page);
    await expectStatus(page, "401 Unauthorized");
    expect(await axeViolations(page)).toEqual([]);

    // A key generated in another browser, pasted here, serves the call.
    const subscriber = await browser.newPage();
    const { keys } = await subscriberWithKeys(subscriber, ["macroeconomic"], ["econ"]);
    await subscriber.close();
    await builder(page).getByLabel("API key").fill(keys.econ!);
    await send(page);
    await expectStatus(page, "200 OK");
  });

  test("a subscriber without a key of this session, or without the product, is told where to get one", async ({ page }) => {
    await signInPage(page, await createAccount({ products: ["macroeconomic"] }));
    await open(page, pages.seriesSearch);
    const access = builder(page).getByTestId("query-builder-access");
    await expect(access).toContainText("Generate a new key in token management");
    await expect(access.getByRole("link", { name: "Go to token management" })).toHaveAttribute("href", "/dashboard/token-management");

    await open(page, pages.companySearch);
    await expect(builder(page).getByTestId("query-builder-access")).toContainText("Your account has no subscription to this API.");
  });

  test("the trial key an access link hands to this browser fills the sandbox builder and samples", async ({ page }) => {
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    await e2eDb()
      .insertInto("sandbox_registrations")
      .values({
        id: `registration-${token.slice(0, 12)}`,
        created_at: nowIso(new Date(now)),
        name: "Ada",
        surname: "Lovelace",
        company_name: "Engines Ltd",
        job_title: "Analyst",
        email: `${token.slice(0, 8)}@example.com`,
        country: "GB",
        message: null,
        consent: 1,
        offers: 0,
        language: "en",
        token_hash: createHash("sha256").update(token).digest("hex"),
        link_expires_at: nowIso(new Date(now + 7 * 86_400_000)),
        key_issued_at: null,
      })
      .execute();
    await open(page, `/api-products/econ/sandbox/${token}`);
    await page.getByRole("button", { name: "Show my trial key" }).click();
    const trialKey = (await page.getByTestId("trial-key-value").textContent()) ?? "";
    expect(trialKey).toMatch(/^sbx_/);

    const response = await open(page, pages.sandboxSearch);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(builder(page).getByText("The trial key of this browser is filled in.")).toBeVisible();
    await expect(builder(page).getByLabel("Trial key")).toHaveValue(trialKey);
    await expect(page.getByTestId("sample-curl")).toContainText(`${baseURL}/data-api/sandbox/series/search?token=${trialKey}`);
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"data"');
  });

  test("the sandbox asks for a trial key and serves one pasted", async ({ page }) => {
    await open(page, pages.sandboxSearch);
    const access = builder(page).getByTestId("query-builder-access");
    await expect(access).toContainText("Register for a free trial to get a sandbox key, or paste the trial key you received.");
    await expect(access.getByRole("link", { name: "Register for a trial" })).toHaveAttribute("href", "/docs/econ/sandbox/register-trial");

    const trialKey = `sbx_${createHash("sha256").update(`${Date.now()}-${Math.random()}`).digest("base64url").slice(0, 32)}`;
    const now = Date.now();
    await e2eDb()
      .insertInto("trial_keys")
      .values({
        id: `trial-${now}-${Math.random()}`,
        registration_id: `registration-${now}`,
        key_hash: createHash("sha256").update(trialKey).digest("hex"),
        hint: "sbx_…",
        created_at: nowIso(new Date(now)),
        expires_at: nowIso(new Date(now + 86_400_000)),
      })
      .execute();
    await builder(page).getByLabel("Trial key").fill(trialKey);
    await send(page);
    await expectStatus(page, "200 OK");
    await expect(page.getByTestId("query-builder-body")).toContainText('"data"');
    if (!javaScriptEnabled()) expect(page.url()).toContain(pages.sandboxSearch);
  });
});
