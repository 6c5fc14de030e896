import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, signInPage, signInToken, type Platform, type Product } from "./support/accounts";
import { field, open } from "./support/pages";
import { test } from "./support/test";

const decoderPage = "/dashboard/admin/token-decoder";

/** A subscriber who signs in through the API and asks for a real API key of one platform. */
async function subscriberWithKey(request: APIRequestContext, product: Product, route: string, platforms?: Platform[]) {
  const account = await createAccount({ products: [product], platforms });
  const session = await signInToken(request, account, platforms?.[0]);
  const response = await request.post(`/api/auth/generate-${route}-token`, { headers: { Authorization: `Bearer ${session}` } });
  expect(response.status()).toBe(200);
  const { token } = await response.json();
  return { username: account.email, session, key: String(token) };
}

async function signInDecoder(page: Page) {
  await signInPage(page, await createAccount({ isAdmin: true, hasTokenDecoder: true }));
}

async function decode(page: Page, token: string, label = "API key or session token", button = "Decode") {
  await field(page, label).fill(token);
  await page.getByRole("button", { name: button }).click();
}

test.describe("token decoder", () => {
  test("decodes a real API key: the owner and what each identity service found, never the whole key", async ({ page, request }) => {
    const subscriber = await subscriberWithKey(request, "company", "company");
    await signInDecoder(page);
    await open(page, decoderPage);
    await decode(page, subscriber.key);

    const owner = page.getByTestId("token-owner");
    await expect(owner.getByRole("row", { name: "Username" })).toContainText(subscriber.username);
    await expect(owner.getByRole("row", { name: "User ID" })).toContainText(/[0-9a-f-]{36}/);
    await expect(owner.getByRole("row", { name: "Token" })).toContainText(`${subscriber.key.slice(0, 9)}…${subscriber.key.slice(-4)}`);
    await expect(page.getByTestId("service-econ")).toContainText("Token was not found in Macroeconomic platform");
    await expect(page.getByTestId("service-corp")).toContainText("API key, active");
    await expect(page.getByTestId("service-intel")).toContainText("Token was not found in Intelligence platform");
    await expect(page.getByTestId("token-invalid")).toHaveCount(0);
    expect(await page.content()).not.toContain(subscriber.key);
  });

  test("decodes a session token: found by the services of the user's platforms", async ({ page, request }) => {
    const subscriber = await subscriberWithKey(request, "intelligence", "intelligence", ["intel", "econ"]);
    await signInDecoder(page);
    await open(page, decoderPage);
    await decode(page, subscriber.session);
    await expect(page.getByTestId("token-owner").getByRole("row", { name: "Username" })).toContainText(subscriber.username);
    await expect(page.getByTestId("service-econ")).toContainText("Session token, active");
    await expect(page.getByTestId("service-corp")).toContainText("Token was not found in Company platform");
    await expect(page.getByTestId("service-intel")).toContainText("Session token, active");
  });

  test("'Invalid token!' for a malformed token and for one no service knows, and a message for an empty field", async ({ page }) => {
    await signInDecoder(page);
    await open(page, decoderPage);
    await decode(page, "definitely not a token");
    const invalid = page.getByTestId("token-invalid");
    await expect(invalid).toContainText("Invalid token!");
    await expect(invalid).toContainText("This is neither an API key");
    await expect(page.getByTestId("token-services")).toHaveCount(0);

    await decode(page, `econ_${randomBytes(24).toString("base64url")}`);
    await expect(invalid).toContainText("no identity service knows it");
    await expect(invalid).toContainText("Invalid token!");
    await expect(page.getByTestId("token-services")).toContainText("Token was not found in Macroeconomic platform");
    await expect(page.getByTestId("token-services")).toContainText("Token was not found in Company platform");
    await expect(page.getByTestId("token-services")).toContainText("Token was not found in Intelligence platform");

    await open(page, decoderPage);
    await decode(page, "   ");
    await expect(page.getByText("Please fill out this field.")).toBeVisible();
    await expect(page.getByTestId("token-invalid")).toHaveCount(0);
  });

  test("speaks Chinese under /zh", async ({ page }) => {
    await signInDecoder(page);
    await open(page, `/zh${decoderPage}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("令牌解码器");
    await decode(page, "nope", "API 密钥或会话令牌", "解码");
    await expect(page.getByTestId("token-invalid")).toContainText("无效的令牌！");
    await decode(page, `corp_${randomBytes(24).toString("base64url")}`, "API 密钥或会话令牌", "解码");
    await expect(page.getByTestId("service-corp")).toContainText("在公司平台中未找到令牌");
  });

  test("is the 404 page for visitors, subscribers and admins without the token-decoder flag", async ({ page }) => {
    await open(page, decoderPage, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"] }));
    await open(page, decoderPage, 404);
    await page.context().clearCookies();
    await signInPage(page, await createAccount({ isAdmin: true }));
    await open(page, decoderPage, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.context().clearCookies();
    await signInDecoder(page);
    await open(page, decoderPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Token decoder");
  });
});
