import { adminAreaSegment, dumpScreens, feedScreens, isSectionRoot, productScreens } from "../products/places";
import { productCatalogue, type ProductEntry, type ProductScreen, type ProductSegment } from "../registry/product-catalogue";

/**
 * The dashboard's areas and their screens: remix.config.js builds the routes from this list and the side menu its
 * links, so the menu cannot point at a screen that has no route. The product areas and the admin panel's product
 * sections come from the product catalogue (SPEC.md section 2). Without ~/ imports: remix.config.js reads it too.
 */

export type MenuIcon = "back" | "profile" | "key" | "feeds" | "dumps" | "datasets" | "admin" | "home" | "usage";

export interface DashboardScreen {
  /** Below /dashboard/{segment}/. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** The route id's last part when the path's first part is not unique in its area. */
  id?: string;
  /** Listed in the side menu under the area's group, with this label (an i18n key) and icon. */
  menu?: { label: string; icon: MenuIcon };
  /** Which product screen this is; in the admin area also for which product (a product area's own otherwise). */
  serves?: { screen: ProductScreen; product?: ProductSegment };
  /** A permission beyond the area's access: the screen is the 404 page, and its link hidden, for users without it. */
  requires?: "tokenDecoder";
}

export interface DashboardArea {
  segment: string;
  /** Who may enter: the subscribers of a product (admins always may), or admins only. */
  access: { product: ProductEntry["subscription"] } | "admins";
  /** The side-menu group's label (an i18n key). */
  label: string;
  /** Guards every screen below it and renders the 404 page for anyone else. */
  layout: string;
  /** /dashboard/{segment} itself. */
  index: string;
  screens: DashboardScreen[];
}

function productScreen(screen: ProductScreen): DashboardScreen {
  const menu = productScreenMenus[screen];
  return { ...productScreens[screen], serves: { screen }, ...(menu ? { menu } : {}) };
}

/** The product screens listed in a product area's side-menu group. */
const productScreenMenus: Partial<Record<ProductScreen, DashboardScreen["menu"]>> = {
  feeds: { label: "dashboard.feeds", icon: "feeds" },
  dumps: { label: "dashboard.dumps", icon: "dumps" },
};

/**
 * An admin section over everyone's feeds or dumps of one product (/dashboard/admin/{slug}/…): the product
 * screens' own route modules, which read the product from the section. The list is the section's root.
 */
function adminSection(product: ProductSegment, { slug, label, screens }: ProductEntry["adminSections"][number]): DashboardScreen[] {
  return screens.map((screen) => {
    const root = isSectionRoot(screen);
    return {
      path: root ? slug : `${slug}/${productScreens[screen].path}`,
      file: productScreens[screen].file,
      id: root ? slug : `${slug}-${screen}`,
      serves: { screen, product },
      ...(root ? { menu: { label, icon: screen === "feeds" ? "feeds" : "dumps" } } : {}),
    } satisfies DashboardScreen;
  });
}

/** The admin log screens' route module (incidents, snowflake incidents, the outbox). */
const logScreen = "routes/dashboard/admin/log-screen.tsx";

/** Every product area guards its screens with the same layout and starts at its first screen. */
const productAreaModules = { layout: "routes/dashboard/products/area-layout.tsx", index: "routes/dashboard/products/area-index.ts" };

/** A product's own area: its feed screens, its dump screens if it has dumps, and its own screens. */
function productArea(entry: ProductEntry): DashboardArea {
  return {
    segment: entry.segment,
    access: { product: entry.subscription },
    label: entry.menuLabel,
    ...productAreaModules,
    screens: [...feedScreens, ...(entry.dumps ? dumpScreens : [])].map(productScreen).concat(entry.ownScreens),
  };
}

export const dashboardAreas: DashboardArea[] = [
  ...productCatalogue.map(productArea),
  {
    segment: adminAreaSegment,
    access: "admins",
    label: "dashboard.groups.admin",
    layout: "routes/dashboard/admin/admin-layout.tsx",
    index: "routes/dashboard/admin/admin-index.ts",
    screens: [
      // The first screen with a menu entry is where the menu's Admin entry leads.
      { path: "dashboard", file: "routes/dashboard/admin/dashboard.tsx", menu: { label: "admin.dashboard.title", icon: "admin" } },
      // The log screens share one route module, which finds its screen by the path.
      { path: "incidents", file: logScreen, menu: { label: "admin.incidents.title", icon: "admin" } },
      { path: "snowflake-incidents", file: logScreen, menu: { label: "admin.snowflake.title", icon: "admin" } },
      { path: "outbox", file: logScreen, menu: { label: "admin.outbox.title", icon: "admin" } },
      {
        path: "token-decoder",
        file: "routes/dashboard/admin/token-decoder.tsx",
        menu: { label: "admin.tokenDecoder.title", icon: "key" },
        requires: "tokenDecoder",
      },
      ...productCatalogue.flatMap((entry) => entry.adminSections.flatMap((section) => adminSection(entry.segment, section))),
      { path: "api-keys", file: "routes/dashboard/admin/api-keys.tsx", menu: { label: "admin.apiKeys.title", icon: "key" } },
      // The provisioning API's OpenAPI description, a download of the api-keys screen.
      { path: "api-keys/openapi.json", file: "routes/dashboard/admin/api-keys-openapi.ts", id: "api-keys-openapi" },
      {
        path: "sandbox-registrations",
        file: "routes/dashboard/admin/sandbox-registrations.tsx",
        menu: { label: "admin.sandboxLeads.title", icon: "profile" },
      },
      // The CSV of the registrations the page's filters match: a resource route, so it answers a file.
      { path: "sandbox-registrations.csv", file: "routes/dashboard/admin/sandbox-registrations-csv.ts" },
      { path: "users", file: "routes/dashboard/admin/users.tsx", id: "users", menu: { label: "admin.users.title", icon: "profile" } },
      { path: "users/new", file: "routes/dashboard/admin/user-new.tsx", id: "users-new" },
      { path: "users/:id", file: "routes/dashboard/admin/user.tsx", id: "users-id" },
      { path: "usage", file: "routes/dashboard/admin/usage.tsx", menu: { label: "usagePage.adminMenu", icon: "usage" } },
      // The admins' CSV downloads (resource routes) and any call's detail.
      { path: "usage/calls.csv", file: "routes/dashboard/admin/usage-csv.ts", id: "usage-calls-csv" },
      { path: "usage/days.csv", file: "routes/dashboard/admin/usage-csv.ts", id: "usage-days-csv" },
      { path: "usage/:requestId", file: "routes/dashboard/admin/usage-call.tsx", id: "usage-call" },
    ],
  },
];
