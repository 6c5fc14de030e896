import { productCatalogue } from "~/modules/registry/product-catalogue";
import type { Platform } from "~/modules/registry/registry";

/** What a subscription can be for: the catalogue's feed products, and the intelligence data, which has no feeds. */
const subscribable = [...productCatalogue, { subscription: "intelligence", platform: "intel" }] as const satisfies readonly {
  subscription: string;
  platform: Platform;
}[];

export type SubscriptionProduct = (typeof subscribable)[number]["subscription"];
export const subscriptionProducts: readonly SubscriptionProduct[] = subscribable.map((entry) => entry.subscription);

/** The API key routes name platforms by product family (generate-macro-token, ...). */
const tokenRouteNames = { econ: "macro", corp: "company", intel: "intelligence" } as const satisfies Record<Platform, string>;

function productsOf(platform: Platform): readonly SubscriptionProduct[] {
  return subscribable.filter((entry) => entry.platform === platform).map((entry) => entry.subscription);
}

/** A key of a platform needs an active subscription to one of these products. */
export const platformProducts: Record<Platform, readonly SubscriptionProduct[]> = {
  econ: productsOf("econ"),
  corp: productsOf("corp"),
  intel: productsOf("intel"),
};

export function platformForTokenRoute(name: string): Platform | undefined {
  const entry = Object.entries(tokenRouteNames).find(([, routeName]) => routeName === name);
  return entry?.[0] as Platform | undefined;
}
