import { requireApiUser } from "~/modules/auth/guards.server";
import type { SubscriptionProduct } from "~/modules/auth/platforms";
import type { CurrentUser } from "~/modules/auth/users.server";
import { jsonResponse } from "~/modules/forms/json.server";

/** The catalog's JSON API: 401 without a session, 403 without a subscription to the product (admins pass). */
export async function requireApiProduct(request: Request, product: SubscriptionProduct): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!user.subscriptions[product] && !user.isAdmin) {
    throw jsonResponse({ error: "An active subscription to this product is required." }, 403);
  }
  return user;
}
