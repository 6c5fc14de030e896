/**
 * The one source of truth for product families, vendor codes, product pages, documentation sets,
 * dashboard segments and platform logins (DESIGN.md section 2). Routes, menus, themes and API prefixes
 * read from here.
 */

export const themes = ["default", "macro", "company", "intelligence", "fund-flow"] as const;
export type ThemeName = (typeof themes)[number];

export const platforms = ["econ", "corp", "intel"] as const;
export type Platform = (typeof platforms)[number];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (platforms as readonly string[]).includes(value);
}

export type FamilyId = "macroeconomic" | "company" | "fund-flows" | "real-estate";

export interface Family {
  id: FamilyId;
  vendor: string;
  theme: ThemeName;
  platform: Platform;
}

export const families: readonly Family[] = [
  { id: "macroeconomic", vendor: "econ", theme: "macro", platform: "econ" },
  { id: "company", vendor: "corp", theme: "company", platform: "corp" },
  { id: "fund-flows", vendor: "flows", theme: "fund-flow", platform: "intel" },
  { id: "real-estate", vendor: "estate", theme: "intelligence", platform: "intel" },
];

export type DocSetId = "macroeconomic" | "sandbox" | "company" | "company-v2" | "documents" | "dealwatch" | "fund-flows" | "real-estate";

export interface DocSet {
  id: DocSetId;
  family: FamilyId;
  /** Path below /docs/{vendor}/ */
  slug: string;
}

export const docSets: readonly DocSet[] = [
  { id: "macroeconomic", family: "macroeconomic", slug: "macroeconomic" },
  { id: "sandbox", family: "macroeconomic", slug: "sandbox" },
  { id: "company", family: "company", slug: "company" },
  { id: "company-v2", family: "company", slug: "api-v2" },
  { id: "documents", family: "company", slug: "documents" },
  { id: "dealwatch", family: "company", slug: "dealwatch" },
  { id: "fund-flows", family: "fund-flows", slug: "api-v2" },
  { id: "real-estate", family: "real-estate", slug: "api-v1" },
];

export type ProductId = "macroeconomic" | "sandbox" | "company" | "documents" | "dealwatch" | "fund-flows" | "real-estate";

export interface Product {
  id: ProductId;
  family: FamilyId;
  /** Path below /api-products/{vendor}/ */
  slug: string;
  docSets: readonly DocSetId[];
}

export const products: readonly Product[] = [
  { id: "macroeconomic", family: "macroeconomic", slug: "macroeconomic", docSets: ["macroeconomic"] },
  { id: "sandbox", family: "macroeconomic", slug: "sandbox", docSets: ["sandbox"] },
  { id: "company", family: "company", slug: "company", docSets: ["company", "company-v2"] },
  { id: "documents", family: "company", slug: "documents", docSets: ["documents"] },
  { id: "dealwatch", family: "company", slug: "dealwatch", docSets: ["dealwatch"] },
  { id: "fund-flows", family: "fund-flows", slug: "api", docSets: ["fund-flows"] },
  { id: "real-estate", family: "real-estate", slug: "api", docSets: ["real-estate"] },
];

/** Dashboard segments that belong to a family although they are not its vendor code. */
const extraDashboardSegments: Record<string, FamilyId> = { documents: "company" };

export function getFamily(id: FamilyId): Family {
  const family = families.find((candidate) => candidate.id === id);
  if (!family) throw new Error(`Unknown family ${id}`);
  return family;
}

function findFamilyByVendor(vendor: string): Family | undefined {
  return families.find((family) => family.vendor === vendor);
}

export function findProduct(vendor: string, slug: string): Product | undefined {
  return products.find((product) => product.slug === slug && getFamily(product.family).vendor === vendor);
}

export function productPath(product: Product): string {
  return `/api-products/${getFamily(product.family).vendor}/${product.slug}`;
}

export function docSetPath(docSet: DocSet): string {
  return `/docs/${getFamily(docSet.family).vendor}/${docSet.slug}`;
}

export function findDocSet(vendor: string, slug: string): DocSet | undefined {
  return docSets.find((docSet) => docSet.slug === slug && getFamily(docSet.family).vendor === vendor);
}

/** The sets sharing a vendor code: the version switcher lists them (corp: company, api-v2, documents, dealwatch). */
export function siblingDocSets(docSet: DocSet): DocSet[] {
  const vendor = getFamily(docSet.family).vendor;
  return docSets.filter((candidate) => getFamily(candidate.family).vendor === vendor);
}

export function isDocSetId(value: unknown): value is DocSetId {
  return docSets.some((docSet) => docSet.id === value);
}

export function getDocSet(id: DocSetId): DocSet {
  const docSet = docSets.find((candidate) => candidate.id === id);
  if (!docSet) throw new Error(`Unknown documentation set ${id}`);
  return docSet;
}

/** The family whose vendor code (or dashboard segment) a path names, e.g. /docs/econ/... -> macroeconomic. */
export function findFamilyForPath(pathname: string): Family | undefined {
  const [area, segment] = pathname.split("/").filter(Boolean);
  if (!segment || !["api-products", "docs", "dashboard"].includes(area ?? "")) return undefined;
  const family = findFamilyByVendor(segment);
  if (family) return family;
  const extra = area === "dashboard" ? extraDashboardSegments[segment] : undefined;
  return extra ? getFamily(extra) : undefined;
}
