import type { Company } from "~/modules/catalog/catalog";
import type { SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { requireProductArea } from "~/modules/dashboard/areas.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { feedDetails, type FeedDetails, type FeedRow } from "~/modules/feeds/feed-queries.server";
import { findDump, type DumpDetails } from "~/modules/feeds/dump-queries.server";
import type { SelectionPreview } from "~/modules/feeds/product";
import type { CorpCriteria } from "./corp/corp-criteria";
import type { CorpOptions } from "./corp/corp-form";
import { corpProduct } from "./corp/corp.server";
import { econProduct, type EconCriteria, type EconOptions } from "./econ/econ.server";

/**
 * The products whose feeds and dumps share the dashboard's screens and JSON API, by their URL segment. The
 * screens are one set of route modules; each reads its product from the URL and hands the product's own data
 * to the product's own components, tagged with the segment so that they stay typed end to end.
 */

export const productDescriptors = { econ: econProduct, corp: corpProduct } as const;
export type ProductSegment = keyof typeof productDescriptors;
export type Descriptor = (typeof productDescriptors)[ProductSegment];

function isProductSegment(segment: string): segment is ProductSegment {
  return Object.hasOwn(productDescriptors, segment);
}

/** The product of the dashboard area the request is in, for its subscribers (and admins); anyone else gets a 404. */
export async function requireProduct(request: Request): Promise<{ segment: ProductSegment; descriptor: Descriptor; user: CurrentUser }> {
  const { area, user } = await requireProductArea(request);
  if (!isProductSegment(area.segment)) throw new Response("Not Found", { status: 404 });
  return { segment: area.segment, descriptor: productDescriptors[area.segment], user };
}

/** A product's option lists, tagged with its segment. */
export type ProductOptions = { segment: "econ"; options: EconOptions } | { segment: "corp"; options: CorpOptions };

/** The lists shown to `viewer` (for macroeconomic, the databases they are subscribed to). */
export async function productOptions(segment: ProductSegment, viewer: CurrentUser): Promise<ProductOptions> {
  const owner = { userId: viewer.id };
  switch (segment) {
    case "econ":
      return { segment, options: await econProduct.loadOptions(owner) };
    case "corp":
      return { segment, options: await corpProduct.loadOptions(owner) };
  }
}

/** A preview of what a selection matches, tagged with its product's segment. */
export type ProductPreview =
  { segment: "econ"; preview: SelectionPreview<SeriesPreviewRow> } | { segment: "corp"; preview: SelectionPreview<Company> };

export function tagPreview(segment: ProductSegment, preview: SelectionPreview<unknown> | null): ProductPreview | null {
  if (!preview) return null;
  switch (segment) {
    case "econ":
      return { segment, preview: preview as SelectionPreview<SeriesPreviewRow> };
    case "corp":
      return { segment, preview: preview as SelectionPreview<Company> };
  }
}

/** A feed's details with its product's criteria and option lists. */
export type ProductFeedDetails =
  | { segment: "econ"; feed: FeedDetails<EconCriteria>; options: EconOptions }
  | { segment: "corp"; feed: FeedDetails<CorpCriteria>; options: CorpOptions };

export async function productFeedDetails(segment: ProductSegment, viewer: CurrentUser, feed: FeedRow): Promise<ProductFeedDetails> {
  const owner = { userId: viewer.id };
  switch (segment) {
    case "econ":
      return { segment, feed: await feedDetails(feed, econProduct.criteriaSchema), options: await econProduct.loadOptions(owner) };
    case "corp":
      return { segment, feed: await feedDetails(feed, corpProduct.criteriaSchema), options: await corpProduct.loadOptions(owner) };
  }
}

/** A dump's details with its product's criteria and option lists, or null when the user may not see it. */
export type ProductDumpDetails =
  | { segment: "econ"; dump: DumpDetails<EconCriteria>; options: EconOptions }
  | { segment: "corp"; dump: DumpDetails<CorpCriteria>; options: CorpOptions };

export async function productDumpDetails(segment: ProductSegment, user: CurrentUser, dumpId: string): Promise<ProductDumpDetails | null> {
  const owner = { userId: user.id };
  switch (segment) {
    case "econ": {
      const dump = await findDump(user, econProduct.product, dumpId, econProduct.criteriaSchema);
      return dump ? { segment, dump, options: await econProduct.loadOptions(owner) } : null;
    }
    case "corp": {
      const dump = await findDump(user, corpProduct.product, dumpId, corpProduct.criteriaSchema);
      return dump ? { segment, dump, options: await corpProduct.loadOptions(owner) } : null;
    }
  }
}
