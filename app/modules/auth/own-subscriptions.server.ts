import { db } from "~/modules/db/db.server";
import { subscriptionProducts, type SubscriptionProduct } from "./platforms";
import { readStoredDatabases } from "./database-scope.server";

export interface OwnSubscription {
  id: string;
  product: SubscriptionProduct;
  startsAt: string;
  endsAt: string;
  /** Macroeconomic only: the database ids it covers, null for every database (and for the other products). */
  databases: string[] | null;
}

/** Every subscription of the user, ended ones included, in the products' order and the latest first. */
export async function listOwnSubscriptions(userId: string): Promise<OwnSubscription[]> {
  const rows = await db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute();
  return rows
    .flatMap((row) => {
      const product = subscriptionProducts.find((known) => known === row.product);
      if (!product) return [];
      const databases = product === "macroeconomic" && row.databases !== null ? readStoredDatabases(row.databases) : null;
      return [{ id: row.id, product, startsAt: row.starts_at, endsAt: row.ends_at, databases }];
    })
    .sort(
      (a, b) => subscriptionProducts.indexOf(a.product) - subscriptionProducts.indexOf(b.product) || b.startsAt.localeCompare(a.startsAt),
    );
}
