/**
 * The dashboard's product areas and their screens: remix.config.js builds the routes from this list and the
 * side menu its links, so the menu cannot point at a screen that has no route. A product's area joins the
 * list with its screens (SPEC.md section 2). Plain data without imports: remix.config.js reads it too.
 */

export type MenuIcon = "back" | "profile" | "key" | "feeds" | "dumps" | "datasets" | "admin" | "home";

export interface DashboardScreen {
  /** Below /dashboard/{segment}/. */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Listed in the side menu under the area's group, with this label (an i18n key) and icon. */
  menu?: { label: string; icon: MenuIcon };
}

export interface DashboardArea {
  segment: string;
  /** Who may enter: the subscribers of a product (admins always may), or admins only. */
  access: { product: "macroeconomic" | "company" | "documents" | "intelligence" } | "admins";
  /** The side-menu group's label (an i18n key). */
  label: string;
  /** Guards every screen below it and renders the 404 page for anyone else. */
  layout: string;
  /** /dashboard/{segment} itself. */
  index: string;
  screens: DashboardScreen[];
}

/** Every product's feed screens, served by the shared route modules of routes/dashboard/products/. */
const feedScreens: DashboardScreen[] = [
  { path: "feeds", file: "routes/dashboard/products/feeds.tsx", menu: { label: "dashboard.feeds", icon: "feeds" } },
  { path: "feed-details/:feedId", file: "routes/dashboard/products/feed-details.tsx" },
  { path: "create-feed", file: "routes/dashboard/products/create-feed.tsx" },
  { path: "edit-feed/:feedId", file: "routes/dashboard/products/edit-feed.tsx" },
];

/** The dump screens of the products that have dumps (documents have none). */
const dumpScreens: DashboardScreen[] = [
  { path: "dumps", file: "routes/dashboard/products/dumps.tsx", menu: { label: "dashboard.dumps", icon: "dumps" } },
  { path: "dump-details/:dumpId", file: "routes/dashboard/products/dump-details.tsx" },
  { path: "create-dump", file: "routes/dashboard/products/create-dump.tsx" },
];

/** Every product area guards its screens with the same layout and starts at its first screen. */
const productArea = { layout: "routes/dashboard/products/area-layout.tsx", index: "routes/dashboard/products/area-index.ts" };

export const dashboardAreas: DashboardArea[] = [
  {
    segment: "econ",
    access: { product: "macroeconomic" },
    label: "dashboard.groups.macroeconomic",
    ...productArea,
    screens: [...feedScreens, ...dumpScreens],
  },
  {
    segment: "corp",
    access: { product: "company" },
    label: "dashboard.groups.company",
    ...productArea,
    screens: [
      ...feedScreens,
      ...dumpScreens,
      {
        path: "predefined-datasets",
        file: "routes/dashboard/corp/predefined-datasets.tsx",
        menu: { label: "dashboard.predefinedDatasets", icon: "datasets" },
      },
    ],
  },
  {
    segment: "documents",
    access: { product: "documents" },
    label: "dashboard.groups.documents",
    ...productArea,
    screens: feedScreens,
  },
  {
    segment: "admin",
    access: "admins",
    label: "dashboard.groups.admin",
    layout: "routes/dashboard/admin/admin-layout.tsx",
    index: "routes/dashboard/admin/admin-index.ts",
    screens: [{ path: "incidents", file: "routes/dashboard/admin/incidents.tsx", menu: { label: "dashboard.admin", icon: "admin" } }],
  },
];
