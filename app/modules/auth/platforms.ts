import type { Platform } from "~/modules/registry/registry";

export const subscriptionProducts = ["macroeconomic", "company", "documents", "intelligence"] as const;
export type SubscriptionProduct = (typeof subscriptionProducts)[number];

/** The API key routes name platforms by product family (generate-macro-token, ...). */
const tokenRouteNames = { econ: "macro", corp: "company", intel: "intelligence" } as const satisfies Record<Platform, string>;

/** A key of a platform needs an active subscription to one of these products. */
export const platformProducts: Record<Platform, readonly SubscriptionProduct[]> = {
  econ: ["macroeconomic"],
  corp: ["company", "documents"],
  intel: ["intelligence"],
};

export function platformForTokenRoute(name: string): Platform | undefined {
  const entry = Object.entries(tokenRouteNames).find(([, routeName]) => routeName === name);
  return entry?.[0] as Platform | undefined;
}
