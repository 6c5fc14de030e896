import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { nowIso } from "../../../app/modules/db/ids";
import { createAccount, signInToken, type Platform, type Product, type TestAccount } from "./accounts";
import { e2eDb } from "./database";

const tokenRoutes: Record<Platform, string> = { econ: "macro", corp: "company", intel: "intelligence" };

/** A new subscriber of the products on the platform, with the API key the token page generates for them. */
export async function keyFor(
  request: APIRequestContext,
  products: Product[],
  platform: Platform,
): Promise<{ account: TestAccount; key: string }> {
  const account = await createAccount({ products, platforms: [platform] });
  const session = await signInToken(request, account, platform);
  const generated = await request.post(`/api/auth/generate-${tokenRoutes[platform]}-token`, {
    headers: { Authorization: `Bearer ${session}` },
  });
  expect(generated.status()).toBe(200);
  return { account, key: ((await generated.json()) as { token: string }).token };
}

/** A trial key as the sandbox issues one: stored as its SHA-256 with its 7-day end. */
export async function trialKey(): Promise<string> {
  const key = `sbx_${randomBytes(24).toString("base64url")}`;
  const now = Date.now();
  await e2eDb()
    .insertInto("trial_keys")
    .values({
      id: randomUUID(),
      registration_id: randomUUID(),
      key_hash: createHash("sha256").update(key).digest("hex"),
      hint: `${key.slice(0, 9)}…${key.slice(-4)}`,
      created_at: nowIso(new Date(now)),
      expires_at: nowIso(new Date(now + 7 * 24 * 60 * 60 * 1000)),
    })
    .execute();
  return key;
}
