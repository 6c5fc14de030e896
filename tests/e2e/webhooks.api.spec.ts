import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount, signInToken, type TestAccount } from "./support/accounts";
import { insertDumpWithWebhook } from "./support/webhooks";
import { test } from "./support/test";

async function client(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, account: TestAccount) {
  const baseURL = test.info().project.use.baseURL;
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

async function secretOf(api: APIRequestContext): Promise<string> {
  const response = await api.get("/api/auth/webhook-secret");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return ((await response.json()) as { secret: string }).secret;
}

test("each account reads and rotates its own signing secret only", async ({ playwright }) => {
  const [owner, other, admin] = await Promise.all([
    createAccount({ products: ["macroeconomic"] }),
    createAccount({ products: ["macroeconomic"] }),
    createAccount({ products: ["macroeconomic"], isAdmin: true }),
  ]);
  const [ownerApi, otherApi, adminApi] = await Promise.all([
    client(playwright, owner),
    client(playwright, other),
    client(playwright, admin),
  ]);
  try {
    const first = await secretOf(ownerApi);
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await secretOf(ownerApi)).toBe(first);
    // Nobody else, an admin included, reads it: each reads their own.
    expect(await secretOf(otherApi)).not.toBe(first);
    expect(await secretOf(adminApi)).not.toBe(first);

    const rotated = await ownerApi.post("/api/auth/webhook-secret");
    expect(rotated.status()).toBe(200);
    const { secret } = (await rotated.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first);
    expect(await secretOf(ownerApi)).toBe(secret);
    expect((await ownerApi.delete("/api/auth/webhook-secret")).status()).toBe(405);
  } finally {
    await Promise.all([ownerApi.dispose(), otherApi.dispose(), adminApi.dispose()]);
  }
});

test("the test event goes only to the account's own webhooks, through the outbound rules", async ({ playwright }) => {
  const owner = await createAccount({ products: ["macroeconomic"] });
  const url = "http://127.0.0.1:9/hooks";
  await insertDumpWithWebhook(owner.email, url);
  const api = await client(playwright, owner);
  try {
    const elsewhere = await api.post("/api/auth/webhook-test", { data: { target: "POST http://127.0.0.1:9/other" } });
    expect(elsewhere.status()).toBe(422);
    expect(await elsewhere.json()).toEqual({ errors: { target: "Choose one of the webhooks of your feeds and dumps." } });

    // The e2e server runs as in production, where private addresses are refused: the reason says so.
    const refused = await api.post("/api/auth/webhook-test", { data: { target: `POST ${url}` } });
    expect(refused.status()).toBe(200);
    const outcome = (await refused.json()) as { ok: boolean; reason: string };
    expect(outcome.ok).toBe(false);
    expect(outcome.reason).toMatch(/public/);
  } finally {
    await api.dispose();
  }
});
