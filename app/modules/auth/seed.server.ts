import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { Platform } from "~/modules/registry/registry";
import { hashPassword } from "./crypto.server";
import { storedDatabases } from "./database-scope.server";
import type { SubscriptionProduct } from "./platforms";

export const DEMO_PASSWORD = "demo-password";

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  platforms: Platform[];
  products: SubscriptionProduct[];
  /** The macroeconomic databases the subscription covers; every database when absent. */
  databases?: string[];
  isAdmin?: boolean;
  hasTokenDecoder?: boolean;
}

/**
 * The demo accounts of DESIGN.md section 6. The macroeconomic subscriber shows a subscription scoped to two
 * databases of the generated catalog; the admin's covers them all.
 */
export const demoAccounts: DemoAccount[] = [
  {
    email: "admin@demo.test",
    firstName: "Ada",
    lastName: "Admin",
    platforms: ["econ", "corp", "intel"],
    products: ["macroeconomic", "company", "documents", "intelligence"],
    isAdmin: true,
    hasTokenDecoder: true,
  },
  {
    email: "macro@demo.test",
    firstName: "Mark",
    lastName: "Macro",
    platforms: ["econ"],
    products: ["macroeconomic"],
    databases: ["DB01", "DB02"],
  },
  { email: "company@demo.test", firstName: "Cora", lastName: "Company", platforms: ["corp"], products: ["company"] },
  { email: "documents@demo.test", firstName: "Dora", lastName: "Documents", platforms: ["corp"], products: ["documents"] },
  { email: "intel@demo.test", firstName: "Ian", lastName: "Intel", platforms: ["intel"], products: ["intelligence"] },
  { email: "visitor@demo.test", firstName: "Vera", lastName: "Visitor", platforms: ["econ", "corp", "intel"], products: [] },
];

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Creates the demo accounts that do not exist yet; subscriptions run from a year ago to a year ahead. Each
 * account's password is hashed with its own salt, though all share the published demo password.
 */
export async function seedDemoAccounts(): Promise<void> {
  const now = Date.now();
  for (const account of demoAccounts) {
    const existing = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) continue;
    const id = newId();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          id,
          email: account.email,
          username: account.email,
          password_hash: passwordHash,
          first_name: account.firstName,
          last_name: account.lastName,
          is_admin: account.isAdmin ? 1 : 0,
          has_token_decoder: account.hasTokenDecoder ? 1 : 0,
          picture_type: null,
          created_at: nowIso(),
        })
        .execute();
      for (const platform of account.platforms) {
        await trx.insertInto("user_platforms").values({ user_id: id, platform }).execute();
      }
      for (const product of account.products) {
        await trx
          .insertInto("subscriptions")
          .values({
            id: newId(),
            user_id: id,
            product,
            starts_at: nowIso(new Date(now - YEAR_MS)),
            ends_at: nowIso(new Date(now + YEAR_MS)),
            databases: product === "macroeconomic" ? storedDatabases(account.databases ?? null) : null,
          })
          .execute();
      }
    });
  }
}
