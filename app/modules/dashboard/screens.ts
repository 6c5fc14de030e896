/**
 * The dashboard's product areas and their screens: remix.config.js builds the routes from this list and the
 * side menu its links, so the menu cannot point at a screen that has no route. A product's area joins the
 * list with its screens (SPEC.md section 2). Plain data without imports: remix.config.js reads it too.
 */

export type MenuIcon = "back" | "profile" | "key" | "feeds" | "dumps" | "datasets" | "admin" | "home";

/** The screens over one product's feeds and dumps, served by the shared route modules of routes/dashboard/products/. */
export type ProductScreen =
  "feeds" | "feed-details" | "create-feed" | "edit-feed" | "deleted-feeds" | "dumps" | "dump-details" | "create-dump";

/** The products with feeds (and for some dumps), by their dashboard segment. */
export type ProductSegmentName = "econ" | "corp" | "documents";

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
  serves?: { screen: ProductScreen; product?: ProductSegmentName };
  /** A permission beyond the area's access: the screen is the 404 page, and its link hidden, for users without it. */
  requires?: "tokenDecoder";
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

/** Each product screen's route module and its path below a product area (the lists are the admin sections' roots). */
const productScreens: Record<ProductScreen, { path: string; file: string }> = {
  feeds: { path: "feeds", file: "routes/dashboard/products/feeds.tsx" },
  "feed-details": { path: "feed-details/:feedId", file: "routes/dashboard/products/feed-details.tsx" },
  "create-feed": { path: "create-feed", file: "routes/dashboard/products/create-feed.tsx" },
  "edit-feed": { path: "edit-feed/:feedId", file: "routes/dashboard/products/edit-feed.tsx" },
  "deleted-feeds": { path: "deleted", file: "routes/dashboard/products/deleted-feeds.tsx" },
  dumps: { path: "dumps", file: "routes/dashboard/products/dumps.tsx" },
  "dump-details": { path: "dump-details/:dumpId", file: "routes/dashboard/products/dump-details.tsx" },
  "create-dump": { path: "create-dump", file: "routes/dashboard/products/create-dump.tsx" },
};

function productScreen(screen: ProductScreen, menu?: DashboardScreen["menu"]): DashboardScreen {
  return { ...productScreens[screen], serves: { screen }, ...(menu ? { menu } : {}) };
}

/** Every product's feed screens. */
const feedScreens: DashboardScreen[] = [
  productScreen("feeds", { label: "dashboard.feeds", icon: "feeds" }),
  productScreen("feed-details"),
  productScreen("create-feed"),
  productScreen("edit-feed"),
];

/** The dump screens of the products that have dumps (documents have none). */
const dumpScreens: DashboardScreen[] = [
  productScreen("dumps", { label: "dashboard.dumps", icon: "dumps" }),
  productScreen("dump-details"),
  productScreen("create-dump"),
];

/**
 * An admin section over everyone's feeds or dumps of one product (/dashboard/admin/{slug}/…): the product
 * screens' own route modules, which read the product from the section. The list is the section's root.
 */
function adminSection(slug: string, product: ProductSegmentName, label: string, screens: ProductScreen[]): DashboardScreen[] {
  return screens.map((screen) => {
    const root = screen === "feeds" || screen === "dumps";
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
      ...adminSection("macroeconomic-feeds", "econ", "admin.sections.macroeconomicFeeds", [
        "feeds",
        "create-feed",
        "edit-feed",
        "feed-details",
        "deleted-feeds",
      ]),
      ...adminSection("macroeconomic-dumps", "econ", "admin.sections.macroeconomicDumps", ["dumps", "create-dump", "dump-details"]),
      ...adminSection("company-feeds", "corp", "admin.sections.companyFeeds", ["feeds", "create-feed", "edit-feed", "feed-details"]),
      ...adminSection("company-dumps", "corp", "admin.sections.companyDumps", ["dumps", "create-dump", "dump-details"]),
      ...adminSection("documents-feeds", "documents", "admin.sections.documentsFeeds", ["feeds", "edit-feed", "feed-details"]),
    ],
  },
];
