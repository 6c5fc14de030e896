import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount, signInToken, type Platform, type Product, type TestAccount } from "./accounts";
import { writeE2eDatabase } from "./database";

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
export function trialKey(): string {
  const key = `sbx_${randomBytes(24).toString("base64url")}`;
  const now = Date.now();
  writeE2eDatabase(
    "insert into trial_keys (id, registration_id, key_hash, hint, created_at, expires_at) values (?, ?, ?, ?, ?, ?)",
    randomUUID(),
    randomUUID(),
    createHash("sha256").update(key).digest("hex"),
    `${key.slice(0, 9)}…${key.slice(-4)}`,
    new Date(now).toISOString(),
    new Date(now + 7 * 24 * 60 * 60 * 1000).toISOString(),
  );
  return key;
}
