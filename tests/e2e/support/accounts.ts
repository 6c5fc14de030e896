import { randomUUID } from "node:crypto";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { hashPassword } from "../../../app/modules/auth/crypto.server";
import { e2eDatabaseFile } from "../../../playwright.config";

export type Product = "macroeconomic" | "company" | "documents" | "intelligence";
export type Platform = "econ" | "corp" | "intel";

export interface TestAccount {
  email: string;
  password: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

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
  const password = `pw-${randomUUID()}`;
  const passwordHash = await hashPassword(password);
  const database = new Database(path.resolve(e2eDatabaseFile));
  try {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    database
      .prepare(
        "insert into users (id, email, username, password_hash, first_name, last_name, is_admin, has_token_decoder, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(id, email, email, passwordHash, "Test", "User", options.isAdmin ? 1 : 0, options.hasTokenDecoder ? 1 : 0, iso(now));
    for (const platform of options.platforms ?? ["econ", "corp", "intel"]) {
      database.prepare("insert into user_platforms (user_id, platform) values (?, ?)").run(id, platform);
    }
    const ends = options.subscriptionEnded ? now - 1000 : now + YEAR_MS;
    for (const product of options.products ?? []) {
      database
        .prepare("insert into subscriptions (id, user_id, product, starts_at, ends_at) values (?, ?, ?, ?, ?)")
        .run(randomUUID(), id, product, iso(now - YEAR_MS), iso(ends));
    }
  } finally {
    database.close();
  }
  return { email, password };
}

/** Ends an account's subscriptions now, as the calendar would. */
export function endSubscriptions(email: string): void {
  const database = new Database(path.resolve(e2eDatabaseFile));
  try {
    database
      .prepare("update subscriptions set ends_at = ? where user_id = (select id from users where email = ?)")
      .run(new Date(Date.now() - 1000).toISOString(), email);
  } finally {
    database.close();
  }
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
