import { reasonText } from "~/modules/net/failure-reasons";
import { activeSubscriptions } from "~/modules/auth/users.server";
import { subscriptionProducts, type SubscriptionProduct } from "~/modules/auth/platforms";
import { db } from "~/modules/db/db.server";

/**
 * SPEC.md's products are licensed by subscription: a feed run, a dump, a delivery or a download of a
 * product's data needs the owner's active subscription to it. Admins pass, as they do in the guards.
 */

/** Why the portal paused a feed or stopped a dump (translated as econ.stopReasons.*). */
export const subscriptionEnded = "subscription-ended";
export type StopReason = typeof subscriptionEnded;

/** The reason in English for stored errors and e-mails; pages and the API translate the code. */
export const stopReasonText: Record<StopReason, string> = {
  [subscriptionEnded]: reasonText("subscriptionEnded"),
};

function isSubscriptionProduct(value: string): value is SubscriptionProduct {
  return (subscriptionProducts as readonly string[]).includes(value);
}

/** Whether the user may receive the product's data now. */
export async function ownerEntitled(userId: string, product: string, at = new Date()): Promise<boolean> {
  const user = await db.selectFrom("users").select("is_admin").where("id", "=", userId).executeTakeFirst();
  if (!user) return false;
  if (user.is_admin === 1) return true;
  return isSubscriptionProduct(product) && (await activeSubscriptions(userId, at))[product];
}

/** The same for a signed-in user whose subscriptions are already loaded. */
export function userEntitled(user: { isAdmin: boolean; subscriptions: Record<SubscriptionProduct, boolean> }, product: string): boolean {
  return user.isAdmin || (isSubscriptionProduct(product) && user.subscriptions[product]);
}
