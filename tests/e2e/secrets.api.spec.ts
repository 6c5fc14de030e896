import { expect, test } from "@playwright/test";
import type { Database } from "../../app/modules/db/schema";
import { createAccount, signInToken } from "./support/accounts";
import { e2eDb } from "./support/database";

/**
 * Every row of every table as text, the generated catalog's aside, on SQLite and PostgreSQL alike: a secret
 * found here would be stored in clear text.
 */
async function storedText(): Promise<string> {
  const db = e2eDb();
  const tables = (await db.introspection.getTables())
    .map((table) => table.name as keyof Database)
    .filter((name) => !name.startsWith("catalog_"));
  const rows = await Promise.all(tables.map((name) => db.selectFrom(name).selectAll().execute()));
  return JSON.stringify(rows);
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
  const stored = await storedText();
  expect(stored).toContain(account.email);
  for (const secret of [account.password, session.split(".")[0]!, ...keys]) {
    expect(stored.includes(secret), `a secret of ${secret.length} characters is stored in clear text`).toBe(false);
  }
  expect(stored.includes("demo-password")).toBe(false);
});
