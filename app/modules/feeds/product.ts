import type { z } from "zod";
import type { FeedRow } from "./feed-queries.server";
import type { DeliveryValues } from "./form-shapes";
import type { FeedFrequency, FeedProduct, OutputOptions } from "./model";

/**
 * What the feeds core needs to know about one product (macroeconomic, company, documents): everything else —
 * who sees which feed or dump, storing, listing, running, delivering — is the same for every product. One
 * descriptor per product lives under modules/products/{econ,corp,documents}/.
 */

/** The fields every product's feed and dump forms carry, as their schemas parse them. */
export interface SubmissionValues extends DeliveryValues {
  intent: "preview" | "create" | "save";
  name: string;
  description?: string | undefined;
  format: "json" | "xml";
  language: "en" | "zh";
}

export interface FeedSubmissionValues extends SubmissionValues {
  frequency: FeedFrequency;
  status: "active" | "inactive";
  /** A new feed starts with a dump of the current data; ignored when editing. */
  initialDump: boolean;
}

/** The first step of Save: what the selection matches now, for the preview. */
export interface SelectionPreview<Row> {
  total: number;
  items: Row[];
  /** What the preview left out, as a message key (e.g. it looked at the first 100 of many listed ids). */
  notice?: string;
}

export interface SelectionCheck<Row> {
  /** Null when the selection cannot be previewed (the errors say why). */
  preview: SelectionPreview<Row> | null;
  /** Field errors as message keys. */
  errors: Record<string, string>;
}

type Schema<Values> = z.ZodType<Values, z.ZodTypeDef, unknown>;

export interface ProductDescriptor<
  Criteria = unknown,
  FeedValues extends FeedSubmissionValues = FeedSubmissionValues,
  DumpValues extends SubmissionValues = SubmissionValues,
  PreviewRow = unknown,
  Options = unknown,
> {
  product: FeedProduct;
  /** Below /dashboard/ and the prefix of the product's /api/{segment}-* routes. */
  segment: string;
  feedSchema: Schema<FeedValues>;
  dumpSchema: Schema<DumpValues>;
  /** A form post or JSON body as the plain object the schemas read. */
  formValues(source: FormData | Record<string, unknown>): Record<string, unknown>;
  /** The stored criteria column, read back: the codec of what toCriteria wrote. */
  criteriaSchema: Schema<Criteria>;
  toCriteria(values: FeedValues | DumpValues): Criteria;
  toOptions(values: FeedValues | DumpValues): OutputOptions;
  /** A stored selection as its form's values (criteria and output fields), for edit forms and dumps from a feed. */
  toFormValues(criteria: Criteria, options: OutputOptions): Record<string, unknown>;
  /** The rules that need the catalog (known codes, sizes) and the preview of what the selection matches. */
  checkSelection(values: FeedValues | DumpValues, owner: { userId: string }): Promise<SelectionCheck<PreviewRow>>;
  /** The option lists of the forms and of /api/{segment}-options, for the owner of what is being edited. */
  loadOptions(owner: { userId: string }): Promise<Options>;
  /** At most this many active feeds per user, or null for no limit. */
  activeFeedLimit: number | null;
  /** A stored feed as its edit form's values, when the form names its fields otherwise than the core. */
  editFormValues?: (feed: FeedRow) => Record<string, unknown>;
  /**
   * A selection named by a stored filter (company filter ids): the post or body with the filter's selection
   * filled in before it is checked, or the field errors (an unknown filter, a filter beside a selection).
   */
  expandFilter?(
    raw: Record<string, unknown>,
    ownerId: string,
  ): Promise<{ ok: true; raw: Record<string, unknown> } | { ok: false; errors: Record<string, string> }>;
  /** The filter id a stored selection keeps: the one it was made from, the feed's own while its selection stays, or a new one. */
  selectionFilter?(ownerId: string, criteria: Criteria, values: FeedValues | DumpValues, stored?: FeedRow): Promise<string | null>;
}
