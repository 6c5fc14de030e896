import type { Company, DocumentCriteria, DocumentRecord } from "~/modules/catalog/catalog";
import type { SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { requireAdmin, requireSubscription } from "~/modules/auth/guards.server";
import { productPlaceOf, productScreenPath, type ProductPlace } from "~/modules/dashboard/places";
import type { CurrentUser } from "~/modules/auth/users.server";
import { catalogueEntry } from "~/modules/registry/product-catalogue";
import { feedDetails, type FeedDetails, type FeedRow } from "~/modules/feeds/feed-queries.server";
import { findDump, type DumpDetails } from "~/modules/feeds/dump-queries.server";
import type { SelectionPreview } from "~/modules/feeds/product";
import type { CorpCriteria } from "./corp/corp-criteria";
import type { CorpOptions } from "./corp/corp-form";
import { corpProduct } from "./corp/corp.server";
import { documentsProduct, type DocumentsOptions } from "./documents/documents.server";
import { econProduct, type EconCriteria, type EconOptions } from "./econ/econ.server";

/**
 * The products whose feeds and dumps share the dashboard's screens and JSON API, by their URL segment. The
 * screens are one set of route modules; each reads its product from the URL and hands the product's own data
 * to the product's own components, tagged with the segment so that they stay typed end to end.
 */

export const productDescriptors = { econ: econProduct, corp: corpProduct, documents: documentsProduct } as const;
export type ProductSegment = keyof typeof productDescriptors;
export type Descriptor = (typeof productDescriptors)[ProductSegment];

export interface ProductPage {
  segment: ProductSegment;
  descriptor: Descriptor;
  user: CurrentUser;
  /** Where the screen is: the product's own area or an admin section; its links stay there. */
  place: ProductPlace;
  /** Whether the place has dump screens (documents have none), so its feeds can run as dumps. */
  dumps: boolean;
}

/**
 * The product of the screen the request is for: in the product's own area for its subscribers (and admins),
 * in an admin section for admins only; anyone else gets a 404.
 */
export async function requireProduct(request: Request): Promise<ProductPage> {
  const place = productPlaceOf(new URL(request.url).pathname);
  if (!place) throw new Response("Not Found", { status: 404 });
  const user = place.admin ? await requireAdmin(request) : await requireSubscription(request, catalogueEntry(place.product).subscription);
  return {
    segment: place.product,
    descriptor: productDescriptors[place.product],
    user,
    place,
    dumps: productScreenPath(place, "dumps") !== null,
  };
}

/** A product's option lists, tagged with its segment. */
export type ProductOptions =
  | { segment: "econ"; options: EconOptions }
  | { segment: "corp"; options: CorpOptions }
  | { segment: "documents"; options: DocumentsOptions };

/** The lists shown to `viewer` (for macroeconomic, the databases they are subscribed to). */
export async function productOptions(segment: ProductSegment, viewer: CurrentUser): Promise<ProductOptions> {
  const owner = { userId: viewer.id };
  switch (segment) {
    case "econ":
      return { segment, options: await econProduct.loadOptions(owner) };
    case "corp":
      return { segment, options: await corpProduct.loadOptions(owner) };
    case "documents":
      return { segment, options: await documentsProduct.loadOptions(owner) };
  }
}

/** A preview of what a selection matches, tagged with its product's segment. */
export type ProductPreview =
  | { segment: "econ"; preview: SelectionPreview<SeriesPreviewRow> }
  | { segment: "corp"; preview: SelectionPreview<Company> }
  | { segment: "documents"; preview: SelectionPreview<DocumentRecord> };

/**
 * The preview of a checked submission, tagged. The submission check is generic over every product's rows, so
 * the row type is given back here, where the segment says which product checked it.
 */
export function tagPreview(segment: ProductSegment, preview: SelectionPreview<unknown> | null): ProductPreview | null {
  if (!preview) return null;
  switch (segment) {
    case "econ":
      return { segment, preview: preview as SelectionPreview<SeriesPreviewRow> };
    case "corp":
      return { segment, preview: preview as SelectionPreview<Company> };
    case "documents":
      return { segment, preview: preview as SelectionPreview<DocumentRecord> };
  }
}

/** A feed's details with its product's criteria and option lists. */
export type ProductFeedDetails =
  | { segment: "econ"; feed: FeedDetails<EconCriteria>; options: EconOptions }
  | { segment: "corp"; feed: FeedDetails<CorpCriteria>; options: CorpOptions }
  | { segment: "documents"; feed: FeedDetails<DocumentCriteria>; options: DocumentsOptions };

export async function productFeedDetails(segment: ProductSegment, viewer: CurrentUser, feed: FeedRow): Promise<ProductFeedDetails> {
  const owner = { userId: viewer.id };
  switch (segment) {
    case "econ":
      return { segment, feed: await feedDetails(feed, econProduct.criteriaSchema), options: await econProduct.loadOptions(owner) };
    case "corp":
      return { segment, feed: await feedDetails(feed, corpProduct.criteriaSchema), options: await corpProduct.loadOptions(owner) };
    case "documents":
      return {
        segment,
        feed: await feedDetails(feed, documentsProduct.criteriaSchema),
        options: await documentsProduct.loadOptions(owner),
      };
  }
}

/** A dump's details with its product's criteria and option lists, or null when the user may not see it. */
export type ProductDumpDetails =
  | { segment: "econ"; dump: DumpDetails<EconCriteria>; options: EconOptions }
  | { segment: "corp"; dump: DumpDetails<CorpCriteria>; options: CorpOptions }
  | { segment: "documents"; dump: DumpDetails<DocumentCriteria>; options: DocumentsOptions };

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
    case "documents": {
      const dump = await findDump(user, documentsProduct.product, dumpId, documentsProduct.criteriaSchema);
      return dump ? { segment, dump, options: await documentsProduct.loadOptions(owner) } : null;
    }
  }
}
