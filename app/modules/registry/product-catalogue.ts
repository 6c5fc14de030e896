/**
 * The feed products (SPEC.md sections 2, 4 and 9), each declared once: every list of products derives from this
 * array: the feeds core's product names and file collections, the subscriptions, the dashboard areas and admin
 * sections (and so the routes and the side menu), the product places of the shared screens, and the JSON API routes
 * of remix.config.js. Plain data without imports: remix.config.js reads it too.
 */

/** The screens over one product's feeds and dumps, served by the shared route modules of routes/dashboard/products/. */
export type ProductScreen =
  "feeds" | "feed-details" | "create-feed" | "edit-feed" | "deleted-feeds" | "dumps" | "dump-details" | "create-dump";

/**
 * What a product's JSON API address does, each answered by one function of modules/products/api.server.ts
 * (the -collection kinds list and hold items at one address, as the admin panel's API does).
 */
export type ApiResourceKind =
  | "options"
  | "feeds"
  | "feed"
  | "feed-collection"
  | "feed-edit"
  | "feed-preview"
  | "delete-feeds"
  | "recover-feed"
  | "run-dump"
  | "dumps"
  | "dump"
  | "dump-collection"
  | "dump-preview"
  | "dump-cancel"
  | "retry-delivery"
  | "resend-address";

/** An admin section over everyone's feeds or dumps of the product: /dashboard/admin/{slug}/…; its first screen is the list. */
interface AdminSection {
  slug: string;
  /** The admin panel's navigation label (an i18n key). */
  label: string;
  screens: readonly ProductScreen[];
}

export interface CatalogueEntry {
  /** /dashboard/{segment}/ and the prefix of its /api/{segment}-* routes. */
  segment: string;
  /** The subscription its area and API ask for (admins always pass). */
  subscription: string;
  /** The platform whose API keys the subscription opens (registry.ts). */
  platform: string;
  /** The feeds core's name of the product, stored with each feed and dump. */
  feedProduct: string;
  /** The array of records in its feed and dump files. */
  collection: string;
  /** Whether it has dumps (and so dump screens, and feeds that run as dumps). */
  dumps: boolean;
  /** The side menu's group label of its area (an i18n key). */
  menuLabel: string;
  /** Screens of its area beyond the shared feed and dump screens: the path below the area, the route module, the menu entry. */
  ownScreens: readonly { path: string; file: string; menu: { label: string; icon: string } }[];
  adminSections: readonly AdminSection[];
  /** Its JSON API for subscribers (and admins), by path below the site root. */
  api: Readonly<Record<string, ApiResourceKind>>;
  /** The admin panel's JSON API over everyone's items. */
  adminApi: Readonly<Record<string, ApiResourceKind>>;
}

export const productCatalogue = [
  {
    segment: "econ",
    subscription: "macroeconomic",
    platform: "econ",
    feedProduct: "macroeconomic",
    collection: "series",
    dumps: true,
    menuLabel: "dashboard.groups.macroeconomic",
    ownScreens: [],
    adminSections: [
      {
        slug: "macroeconomic-feeds",
        label: "admin.sections.macroeconomicFeeds",
        screens: ["feeds", "create-feed", "edit-feed", "feed-details", "deleted-feeds"],
      },
      { slug: "macroeconomic-dumps", label: "admin.sections.macroeconomicDumps", screens: ["dumps", "create-dump", "dump-details"] },
    ],
    api: {
      "api/econ-options": "options",
      "api/econ-feeds": "feeds",
      "api/econ-feed": "feed",
      "api/econ-feed/preview": "feed-preview",
      "api/econ-delete-feeds": "delete-feeds",
      "api/econ-recover-feed": "recover-feed",
      "api/econ-dumps": "dumps",
      "api/econ-dump": "dump",
      "api/econ-dump/preview": "dump-preview",
      "api/econ-run-dump": "run-dump",
      "api/econ-dump-cancel": "dump-cancel",
      "api/econ-retry-delivery": "retry-delivery",
      "api/econ-resend-address": "resend-address",
    },
    adminApi: {
      "api/admin/macroeconomic-feeds": "feed-collection",
      "api/admin/macroeconomic-feeds/recover": "recover-feed",
      "api/admin/macroeconomic-dumps": "dump-collection",
    },
  },
  {
    segment: "corp",
    subscription: "company",
    platform: "corp",
    feedProduct: "company",
    collection: "companies",
    dumps: true,
    menuLabel: "dashboard.groups.company",
    ownScreens: [
      {
        path: "predefined-datasets",
        file: "routes/dashboard/corp/predefined-datasets.tsx",
        menu: { label: "dashboard.predefinedDatasets", icon: "datasets" },
      },
    ],
    adminSections: [
      { slug: "company-feeds", label: "admin.sections.companyFeeds", screens: ["feeds", "create-feed", "edit-feed", "feed-details"] },
      { slug: "company-dumps", label: "admin.sections.companyDumps", screens: ["dumps", "create-dump", "dump-details"] },
    ],
    api: {
      "api/corp-company-options": "options",
      "api/corp-feeds": "feeds",
      "api/corp-feed": "feed",
      "api/corp-feed/edit": "feed-edit",
      "api/corp-feed/preview": "feed-preview",
      "api/corp-delete-feeds": "delete-feeds",
      "api/corp-dumps": "dumps",
      "api/corp-dump": "dump",
      "api/corp-dump/preview": "dump-preview",
      "api/corp-run-dump": "run-dump",
      "api/corp-retry-delivery": "retry-delivery",
      "api/corp-resend-address": "resend-address",
    },
    adminApi: {
      "api/admin/company-feeds": "feed-collection",
      "api/admin/company-feed": "feed",
      "api/admin/company-dumps": "dump-collection",
    },
  },
  {
    segment: "documents",
    subscription: "documents",
    platform: "corp",
    feedProduct: "documents",
    collection: "documents",
    dumps: false,
    menuLabel: "dashboard.groups.documents",
    ownScreens: [],
    adminSections: [{ slug: "documents-feeds", label: "admin.sections.documentsFeeds", screens: ["feeds", "edit-feed", "feed-details"] }],
    api: {
      "api/documents-options": "options",
      "api/documents-feed": "feed-collection",
      "api/documents-retry-delivery": "retry-delivery",
      "api/documents-resend-address": "resend-address",
    },
    adminApi: {
      "api/admin/documents-feeds": "feed-collection",
    },
  },
] as const satisfies readonly CatalogueEntry[];

export type ProductEntry = (typeof productCatalogue)[number];
/** A product by its dashboard segment (econ, corp, documents). */
export type ProductSegment = ProductEntry["segment"];
export type FeedProduct = ProductEntry["feedProduct"];
export type ProductCollection = ProductEntry["collection"];

/** The catalogue entry of a segment. */
export type EntryOf<S extends ProductSegment> = Extract<ProductEntry, { segment: S }>;

export function catalogueEntry<S extends ProductSegment>(segment: S): EntryOf<S> {
  const entry = productCatalogue.find((candidate): candidate is EntryOf<S> => candidate.segment === segment);
  if (!entry) throw new Error(`The product catalogue has no ${segment}.`);
  return entry;
}

export function isProductSegment(value: string): value is ProductSegment {
  return productCatalogue.some((entry) => entry.segment === value);
}
