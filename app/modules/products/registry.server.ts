import { requireAdmin, requireSubscription } from "~/modules/auth/guards.server";
import { productPlaceOf, productScreenPath, type ProductPlace } from "./places";
import type { CurrentUser } from "~/modules/auth/users.server";
import { feedDetails, type FeedDetails, type FeedRow } from "~/modules/feeds/feed-queries.server";
import { findDump, type DumpDetails } from "~/modules/feeds/dump-queries.server";
import type { FeedSubmissionValues, ProductDescriptor, SelectionPreview, SubmissionValues } from "~/modules/feeds/product";
import { catalogueEntry, type ProductSegment } from "~/modules/registry/product-catalogue";
import { corpProduct } from "./corp/corp.server";
import { documentsProduct } from "./documents/documents.server";
import { econProduct } from "./econ/econ.server";
import { notFound } from "~/modules/http/responses";

/**
 * The descriptor of each product of the catalogue, by its segment. The shared screens and the JSON API read the
 * product from the URL and hand its own data to its own components, tagged with the segment: the types below are
 * keyed by segment, so one generic function serves every product and stays typed end to end.
 */

const descriptors = { econ: econProduct, corp: corpProduct, documents: documentsProduct };

/** A product's own types (criteria, form values, preview rows, option lists), read from its descriptor. */
type PartsOf<S extends ProductSegment> =
  (typeof descriptors)[S] extends ProductDescriptor<
    infer Criteria,
    infer FeedValues extends FeedSubmissionValues,
    infer DumpValues extends SubmissionValues,
    infer Row,
    infer Options
  >
    ? { criteria: Criteria; feedValues: FeedValues; dumpValues: DumpValues; row: Row; options: Options }
    : never;

export type CriteriaOf<S extends ProductSegment> = PartsOf<S>["criteria"];
export type OptionsOf<S extends ProductSegment> = PartsOf<S>["options"];
export type RowOf<S extends ProductSegment> = PartsOf<S>["row"];

export type DescriptorOf<S extends ProductSegment> = ProductDescriptor<
  CriteriaOf<S>,
  PartsOf<S>["feedValues"],
  PartsOf<S>["dumpValues"],
  RowOf<S>,
  OptionsOf<S>
>;

export const productDescriptors: { [S in ProductSegment]: DescriptorOf<S> } = descriptors;
export type { ProductSegment };

// The tagged types below are { [K in S]: …K… }[S]: for one segment its own shape, for all of them their union.

export interface ProductPage<S extends ProductSegment = ProductSegment> {
  segment: S;
  descriptor: DescriptorOf<S>;
  user: CurrentUser;
  /** Where the screen is: the product's own area or an admin section; its links stay there. */
  place: ProductPlace;
  /** Whether the place has dump screens (documents have none), so its feeds can run as dumps. */
  dumps: boolean;
}

/**
 * The one guard of the product screens: the product and place of the screen the request is for, in the product's
 * own area for its subscribers (and admins), in an admin section for admins only; anyone else gets a 404. Route
 * modules shared by several places call it in every loader and action.
 */
export async function requireProductPlace(request: Request): Promise<ProductPage> {
  const place = productPlaceOf(new URL(request.url).pathname);
  if (!place) throw notFound();
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
export type ProductOptions<S extends ProductSegment = ProductSegment> = { [K in S]: { segment: K; options: OptionsOf<K> } }[S];

/** The lists shown to `viewer` (for macroeconomic, the databases they are subscribed to). */
export function productOptions<S extends ProductSegment>(segment: S, viewer: CurrentUser): Promise<ProductOptions<S>> {
  const descriptor: DescriptorOf<S> = productDescriptors[segment];
  return descriptor.loadOptions({ userId: viewer.id }).then((options) => ({ segment, options }));
}

/** A preview of what a selection matches, tagged with its product's segment. */
export type ProductPreview<S extends ProductSegment = ProductSegment> = {
  [K in S]: { segment: K; preview: SelectionPreview<RowOf<K>> };
}[S];

/** The preview of a product's checked submission, tagged. */
export function tagPreview<S extends ProductSegment>(segment: S, preview: SelectionPreview<RowOf<S>> | null): ProductPreview<S> | null {
  return preview ? { segment, preview } : null;
}

/** A feed's details with its product's criteria and option lists. */
export type ProductFeedDetails<S extends ProductSegment = ProductSegment> = {
  [K in S]: { segment: K; feed: FeedDetails<CriteriaOf<K>>; options: OptionsOf<K> };
}[S];

export async function productFeedDetails<S extends ProductSegment>(
  segment: S,
  viewer: CurrentUser,
  feed: FeedRow,
): Promise<ProductFeedDetails<S>> {
  const descriptor: DescriptorOf<S> = productDescriptors[segment];
  const details = await feedDetails(feed, descriptor.criteriaSchema);
  return descriptor.loadOptions({ userId: viewer.id }).then((options) => ({ segment, feed: details, options }));
}

/** A dump's details with its product's criteria and option lists, or null when the user may not see it. */
export type ProductDumpDetails<S extends ProductSegment = ProductSegment> = {
  [K in S]: { segment: K; dump: DumpDetails<CriteriaOf<K>>; options: OptionsOf<K> };
}[S];

export async function productDumpDetails<S extends ProductSegment>(
  segment: S,
  user: CurrentUser,
  dumpId: string,
): Promise<ProductDumpDetails<S> | null> {
  const descriptor: DescriptorOf<S> = productDescriptors[segment];
  const dump = await findDump(user, descriptor.product, dumpId, descriptor.criteriaSchema);
  return dump ? descriptor.loadOptions({ userId: user.id }).then((options) => ({ segment, dump, options })) : null;
}
