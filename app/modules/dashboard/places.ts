import { isProductSegment, type ProductSegment } from "~/modules/registry/product-catalogue";
import { dashboardAreas, type DashboardArea, type ProductScreen } from "./screens";

/**
 * Where a product screen is: in the product's own area (/dashboard/econ/feeds, for its subscribers) or in an
 * admin section (/dashboard/admin/macroeconomic-feeds, everyone's items, admins only). The shared route
 * modules read their place from the URL and build every link and redirect with productScreenPath(), so the
 * same screen links within its own area or section.
 */
export interface ProductPlace {
  product: ProductSegment;
  admin: boolean;
}

const areaPattern = /^\/(?:[a-z]{2}\/)?dashboard\/([^/]+)(?:\/([^/]+))?/;

function isAdminArea(area: DashboardArea): boolean {
  return area.access === "admins";
}

/** The admin section's slug a screen path starts with (macroeconomic-feeds for macroeconomic-feeds/edit-feed/:feedId). */
function sectionOf(path: string): string {
  return path.split("/")[0] ?? "";
}

/** The place of a dashboard URL, or null when it is not a product screen's. */
export function productPlaceOf(pathname: string): ProductPlace | null {
  const [, segment, section] = areaPattern.exec(pathname) ?? [];
  const area = dashboardAreas.find((candidate) => candidate.segment === segment);
  if (!area) return null;
  if (!isAdminArea(area)) return isProductSegment(area.segment) ? { product: area.segment, admin: false } : null;
  const screen = area.screens.find((candidate) => candidate.serves?.product && sectionOf(candidate.path) === section);
  return screen?.serves?.product ? { product: screen.serves.product, admin: true } : null;
}

function screensOf(place: ProductPlace) {
  const area = dashboardAreas.find((candidate) => (place.admin ? isAdminArea(candidate) : candidate.segment === place.product));
  if (!area) return { area: null, screens: [] };
  return { area, screens: area.screens.filter((screen) => (place.admin ? screen.serves?.product === place.product : screen.serves)) };
}

/**
 * The path of a product screen at a place (its id fills the :feedId or :dumpId), without a language prefix;
 * null when the place has no such screen (documents have no dumps; admins do not create documents feeds).
 */
export function productScreenPath(place: ProductPlace, screen: ProductScreen, id?: string): string | null {
  const { area, screens } = screensOf(place);
  const found = screens.find((candidate) => candidate.serves?.screen === screen);
  if (!area || !found) return null;
  const path = found.path.replace(/:[A-Za-z]+/, encodeURIComponent(id ?? ""));
  return `/dashboard/${area.segment}/${path}`;
}

/** The screens every place has (places.test.ts holds the registry to it). */
export type EverywhereScreen = "feeds" | "feed-details" | "edit-feed";

/** productScreenPath() of a screen every place has. */
export function placePath(place: ProductPlace, screen: EverywhereScreen, id?: string): string {
  const path = productScreenPath(place, screen, id);
  if (path === null)
    throw new Error(`The dashboard registry has no ${screen} screen for ${place.product}${place.admin ? " in the admin panel" : ""}.`);
  return path;
}
