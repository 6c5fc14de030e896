import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { nowIso } from "../../../app/modules/db/ids";
import { testPasswordHash } from "../../support/password-hash";
import { e2eDb } from "./database";

export type Product = "macroeconomic" | "company" | "documents" | "intelligence";
export type Platform = "econ" | "corp" | "intel";

export interface TestAccount {
  email: string;
  password: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * One password per test worker, hashed once at a test's cost (tests/support/password-hash.ts). Each account still
 * has its own e-mail, and the server still verifies the password at every sign-in.
 */
const workerPassword = `pw-${randomUUID()}`;
let workerPasswordHash: string | undefined;

/** Creates an account straight in the server's database, so each test owns the user it changes. */
export async function createAccount(options: {
  platforms?: Platform[];
  products?: Product[];
  isAdmin?: boolean;
  hasTokenDecoder?: boolean;
  subscriptionEnded?: boolean;
}): Promise<TestAccount> {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@example.com`;
  const password = workerPassword;
  const passwordHash = (workerPasswordHash ??= testPasswordHash(workerPassword));
  const now = Date.now();
  const platforms = options.platforms ?? ["econ", "corp", "intel"];
  const ends = options.subscriptionEnded ? now - 1000 : now + YEAR_MS;
  await e2eDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          id,
          email,
          username: email,
          password_hash: passwordHash,
          first_name: "Test",
          last_name: "User",
          is_admin: options.isAdmin ? 1 : 0,
          has_token_decoder: options.hasTokenDecoder ? 1 : 0,
          created_at: nowIso(new Date(now)),
        })
        .execute();
      if (platforms.length > 0) {
        await trx
          .insertInto("user_platforms")
          .values(platforms.map((platform) => ({ user_id: id, platform })))
          .execute();
      }
      const products = options.products ?? [];
      if (products.length > 0) {
        await trx
          .insertInto("subscriptions")
          .values(
            products.map((product) => ({
              id: randomUUID(),
              user_id: id,
              product,
              starts_at: nowIso(new Date(now - YEAR_MS)),
              ends_at: nowIso(new Date(ends)),
            })),
          )
          .execute();
      }
    });
  return { email, password };
}

/** Ends an account's subscriptions now, as the calendar would. */
export async function endSubscriptions(email: string): Promise<void> {
  const db = e2eDb();
  await db
    .updateTable("subscriptions")
    .set({ ends_at: nowIso(new Date(Date.now() - 1000)) })
    .where("user_id", "=", db.selectFrom("users").select("id").where("email", "=", email))
    .execute();
}

/** Signs in through the real form and returns the session token (usable as cookie or bearer). */
export async function signInToken(request: APIRequestContext, account: TestAccount, platform: Platform = "econ"): Promise<string> {
  const response = await request.post(`/login/${platform}`, {
    form: { email: account.email, password: account.password, redirectTo: "/dashboard" },
    maxRedirects: 0,
  });
  const cookie = response.headersArray().find((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith("token="));
  if (response.status() !== 302 || !cookie) throw new Error(`sign-in failed with ${response.status()}`);
  return cookie.value.slice("token=".length).split(";")[0]!;
}

/** Signs a browser in: page.request shares the page's cookie jar, so the session cookie lands there. */
export async function signInPage(page: Page, account: TestAccount, platform: Platform = "econ"): Promise<string> {
  return signInToken(page.request, account, platform);
}
