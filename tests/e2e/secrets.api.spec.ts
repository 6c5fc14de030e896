import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { e2eDatabaseFile } from "../../playwright.config";

/** Every byte the database holds, WAL included: a secret found here would be stored in clear text. */
function databaseBytes(): string {
  const base = path.resolve(e2eDatabaseFile);
  return [base, `${base}-wal`]
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString("latin1"))
    .join("");
}

test("API keys, passwords and session ids appear nowhere in the database in clear text", async ({ request }) => {
  const account = await createAccount({ products: ["macroeconomic", "company", "intelligence"] });
  const session = await signInToken(request, account);
  const headers = { Authorization: `Bearer ${session}` };
  const keys: string[] = [];
  for (const name of ["macro", "company", "intelligence", "macro"]) {
    const response = await request.post(`/api/auth/generate-${name}-token`, { headers });
    expect(response.status()).toBe(200);
    keys.push(((await response.json()) as { token: string }).token);
  }
  const stored = databaseBytes();
  expect(stored.length).toBeGreaterThan(0);
  for (const secret of [account.password, session.split(".")[0]!, ...keys]) {
    expect(stored.includes(secret), `a secret of ${secret.length} characters is stored in clear text`).toBe(false);
  }
  expect(stored.includes("demo-password")).toBe(false);
});
