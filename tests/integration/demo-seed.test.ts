import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/crypto.server";
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from "~/modules/auth/seed.server";
import { db } from "~/modules/db/db.server";

describe("the demo seed", () => {
  it("[security3-N18] gives every demo account its own scrypt salt, all opening with the demo password", async () => {
    await seedDemoAccounts();
    const hashes = await db.selectFrom("users").select(["email", "password_hash"]).execute();
    expect(hashes).toHaveLength(demoAccounts.length);
    const salts = hashes.map(({ password_hash }) => password_hash.split("$")[4]);
    expect(new Set(salts).size).toBe(demoAccounts.length);
    for (const { email, password_hash } of hashes) expect(await verifyPassword(DEMO_PASSWORD, password_hash), email).toBe(true);
  });
});
