import { catalogueEntry, isProductSegment, productCatalogue, type ProductScreen, type ProductSegment } from "../registry/product-catalogue";

/**
 * Where a product screen is: in the product's own area (/dashboard/econ/feeds, for its subscribers) or in an
 * admin section (/dashboard/admin/macroeconomic-feeds, everyone's items, admins only). The shared route
 * modules read their place from the URL and build every link and redirect with productScreenPath(), so the
 * same screen links within its own area or section. Everything here derives from the product catalogue, and
 * dashboard/screens.ts builds the routes from the same tables. Without ~/ imports: remix.config.js reads it too.
 */
export interface ProductPlace {
  product: ProductSegment;
  admin: boolean;
}

/** The admin panel's segment below /dashboard/. */
export const adminAreaSegment = "admin";

/** Each product screen's route module and its path below a product area (the lists are the admin sections' roots). */
export const productScreens: Record<ProductScreen, { path: string; file: string }> = {
  feeds: { path: "feeds", file: "routes/dashboard/products/feeds.tsx" },
  "feed-details": { path: "feed-details/:feedId", file: "routes/dashboard/products/feed-details.tsx" },
  "create-feed": { path: "create-feed", file: "routes/dashboard/products/create-feed.tsx" },
  "edit-feed": { path: "edit-feed/:feedId", file: "routes/dashboard/products/edit-feed.tsx" },
  "deleted-feeds": { path: "deleted", file: "routes/dashboard/products/deleted-feeds.tsx" },
  dumps: { path: "dumps", file: "routes/dashboard/products/dumps.tsx" },
  "dump-details": { path: "dump-details/:dumpId", file: "routes/dashboard/products/dump-details.tsx" },
  "create-dump": { path: "create-dump", file: "routes/dashboard/products/create-dump.tsx" },
};

/** The screens of every product's own area, and those of the products that have dumps. */
export const feedScreens: readonly ProductScreen[] = ["feeds", "feed-details", "create-feed", "edit-feed"];
export const dumpScreens: readonly ProductScreen[] = ["dumps", "dump-details", "create-dump"];

/** The list screens are an admin section's root: /dashboard/admin/{slug} itself. */
export function isSectionRoot(screen: ProductScreen): boolean {
  return screen === "feeds" || screen === "dumps";
}

const areaPattern = /^\/(?:[a-z]{2}\/)?dashboard\/([^/]+)(?:\/([^/]+))?/;

/** The place of a dashboard URL, or null when it is not a product screen's. */
export function productPlaceOf(pathname: string): ProductPlace | null {
  const [, segment = "", section] = areaPattern.exec(pathname) ?? [];
  if (segment === adminAreaSegment) {
    const entry = productCatalogue.find((candidate) => candidate.adminSections.some((found) => found.slug === section));
    return entry ? { product: entry.segment, admin: true } : null;
  }
  return isProductSegment(segment) ? { product: segment, admin: false } : null;
}

/**
 * The path of a product screen at a place (its id fills the :feedId or :dumpId), without a language prefix;
 * null when the place has no such screen (documents have no dumps; admins do not create documents feeds).
 */
export function productScreenPath(place: ProductPlace, screen: ProductScreen, id?: string): string | null {
  const entry = catalogueEntry(place.product);
  const fill = (path: string) => path.replace(/:[A-Za-z]+/, encodeURIComponent(id ?? ""));
  if (!place.admin) {
    const own = [...feedScreens, ...(entry.dumps ? dumpScreens : [])];
    return own.includes(screen) ? `/dashboard/${entry.segment}/${fill(productScreens[screen].path)}` : null;
  }
  const section = entry.adminSections.find((candidate) => (candidate.screens as readonly ProductScreen[]).includes(screen));
  if (!section) return null;
  const below = isSectionRoot(screen) ? "" : `/${fill(productScreens[screen].path)}`;
  return `/dashboard/${adminAreaSegment}/${section.slug}${below}`;
}

/** The screens every place has (places.test.ts holds the catalogue to it). */
export type EverywhereScreen = "feeds" | "feed-details" | "edit-feed";

/** productScreenPath() of a screen every place has. */
export function placePath(place: ProductPlace, screen: EverywhereScreen, id?: string): string {
  const path = productScreenPath(place, screen, id);
  if (path === null)
    throw new Error(`The product catalogue has no ${screen} screen for ${place.product}${place.admin ? " in the admin panel" : ""}.`);
  return path;
}
