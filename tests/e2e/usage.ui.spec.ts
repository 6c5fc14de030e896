import { expect } from "@playwright/test";
import { searchCallRow } from "../support/call-log-rows";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

/**
 * The Usage page's journey (issue 29), with JavaScript on and off: the server-drawn chart and the log, the GET
 * filter form and its messages, a call's detail, and "Open in the query builder" with the call's parameters filled in.
 */

const letters = "abcdefghijklmnopqrstuvwxyz234567";

function requestId(): string {
  return `req_${Array.from({ length: 24 }, () => letters[Math.floor(Math.random() * 32)]).join("")}`;
}

test("a subscriber filters their calls, opens one and replays it in the query builder", async ({ page }) => {
  const account = await createAccount({ platforms: ["econ"], products: ["macroeconomic"] });
  const db = e2eDb();
  const { id } = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const call = (status: number, query: string, error: string | null) =>
    searchCallRow({
      request_id: requestId(),
      at,
      account: `account:${id}`,
      query,
      status,
      latency_ms: 12,
      response_bytes: 100,
      client_address: "203.0.113.0",
      user_agent: "python-requests/2.31",
      error,
    });
  const ok = call(200, "keyword=inflation&limit=3&token=[redacted]", null);
  const bad = call(400, "limit=nine", "Bad request: limit must be an integer.");
  await db.insertInto("api_call_log").values([ok, bad]).execute();
  await db
    .insertInto("api_usage_daily")
    .values(
      (["2xx", "4xx"] as const).map((statusClass) => ({
        day: at.slice(0, 10),
        account: `account:${id}`,
        set_id: "macroeconomic",
        operation: "searchSeries",
        status_class: statusClass,
        calls: 1,
        latency_ms_total: 12,
      })),
    )
    .execute();
  await signInPage(page, account);

  await open(page, "/dashboard/usage");
  await expect(page.getByRole("img", { name: /Calls per day/ })).toBeVisible();
  await expect(page.getByTestId("usage-call")).toHaveCount(2);
  await expect(page.getByTestId("usage-operations").getByRole("row", { name: /searchSeries/ })).toContainText("12 ms");

  await field(page, "Status \\(2xx, 4xx, 429, 5xx or a code\\)").fill("4xx");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByTestId("usage-call")).toHaveCount(1);

  await field(page, "From \\(YYYY-MM-DD\\)").fill("2026-02-30");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Enter a date as YYYY-MM-DD.")).toBeVisible();
  await expect(page.getByTestId("usage-calls")).toHaveCount(0);

  await open(page, "/dashboard/usage");
  await page.getByRole("link", { name: bad.request_id }).click();
  await expect(page.getByTestId("usage-call-detail")).toContainText("Bad request: limit must be an integer.");
  await open(page, `/dashboard/usage/${ok.request_id}`);
  await expect(page.getByTestId("usage-call-detail")).toContainText("python-requests/2.31");
  await page.getByTestId("open-in-builder").click();
  await expect(page).toHaveURL(/\/docs\/econ\/macroeconomic\/docs\/[^?]+\?path=%2Fseries%2Fsearch&method=get/);
  const builder = page.locator("form").filter({ has: page.locator('[name="query_keyword"]') });
  await expect(builder.locator('[name="query_keyword"]')).toHaveValue("inflation");
  await expect(builder.locator('[name="query_limit"]')).toHaveValue("3");
  if (javaScriptEnabled()) {
    // The hydrated form keeps the values the server rendered.
    await builder.locator('[name="query_keyword"]').focus();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(builder.locator('[name="query_keyword"]')).toHaveValue("inflation");
  }
});
