import { z } from "zod";
import { databaseAllowed, databasesCriterion, subscribedDatabases, type DatabaseScope } from "~/modules/auth/database-scope.server";
import { seriesFrequencies, seriesOrders, type SeriesCriteria } from "~/modules/catalog/catalog";
import { econOptions } from "~/modules/catalog/options.server";
import { previewSeries, type SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { fullDumpLimit, outputOptionsSchema, type OutputOptions } from "~/modules/feeds/model";
import type { ProductDescriptor, SelectionCheck } from "~/modules/feeds/product";
import { encodeMessage } from "~/modules/forms/messages";
import { econDumpSchema, econFeedSchema, econFormValues, type EconDumpValues, type EconFeedValues } from "./econ-form";

/**
 * The macroeconomic product (SPEC.md sections 3 to 6): series selected by database, layout, dictionaries,
 * dates and ids, written with points or consolidated to annual values. Everything else about its feeds and
 * dumps is the feeds core's.
 */

type EconValues = EconFeedValues | EconDumpValues;
export type EconOptions = Awaited<ReturnType<typeof econOptions>>;

const codes = z.array(z.string()).optional();

/** The stored criteria column: what toSeriesCriteria writes. */
export const econCriteriaSchema: z.ZodType<EconCriteria, z.ZodTypeDef, unknown> = z.object({
  seriesIds: codes,
  keyword: z.string().optional(),
  nameOnly: z.boolean().optional(),
  frequency: z.array(z.enum(seriesFrequencies)).optional(),
  country: codes,
  region: codes,
  unit: codes,
  indicator: codes,
  topic: codes,
  section: codes,
  table: codes,
  source: codes,
  database: z.string().optional(),
  startDateBefore: z.string().optional(),
  endDateAfter: z.string().optional(),
  createdAfter: z.string().optional(),
  updatedAfter: z.string().optional(),
  keyOnly: z.boolean().optional(),
  subscribedOnly: z.boolean().default(false),
  order: z.enum(seriesOrders).optional(),
  direction: z.enum(["asc", "desc"]).optional(),
});
/** The series criteria, and whether only the owner's subscribed databases count (applied when it runs). */
export type EconCriteria = SeriesCriteria & { subscribedOnly: boolean };

function toSeriesCriteria(values: EconValues): EconCriteria {
  return {
    seriesIds: values.seriesIds,
    keyword: values.keyword,
    nameOnly: values.nameOnly,
    frequency: values.seriesFrequency,
    country: values.country,
    region: values.region,
    unit: values.unit,
    indicator: values.indicator,
    topic: values.topic,
    section: values.section,
    table: values.table,
    source: values.source,
    database: values.database,
    startDateBefore: values.startDateBefore,
    endDateAfter: values.endDateAfter,
    createdAfter: values.createdAfter,
    updatedAfter: values.updatedAfter,
    keyOnly: values.keyOnly,
    subscribedOnly: values.subscribedOnly,
    order: values.order,
    direction: values.direction,
  };
}

function toOptions(values: EconValues): OutputOptions {
  return outputOptionsSchema.parse({
    format: values.format,
    language: values.language,
    consolidation: values.consolidation,
    fullDump: values.fullDump,
    metadataOnly: values.metadataOnly,
    newOnly: "newOnly" in values ? values.newOnly : false,
    vintages: "vintages" in values ? values.vintages : false,
  });
}

/** A stored selection as the form's criteria and output fields. */
function toFormValues(criteria: EconCriteria, options: OutputOptions): Record<string, unknown> {
  return {
    seriesIds: (criteria.seriesIds ?? []).join(", "),
    keyword: criteria.keyword ?? "",
    nameOnly: criteria.nameOnly ?? false,
    seriesFrequency: criteria.frequency ?? [],
    country: criteria.country ?? [],
    region: criteria.region ?? [],
    unit: criteria.unit ?? [],
    indicator: criteria.indicator ?? [],
    topic: criteria.topic ?? [],
    section: criteria.section ?? [],
    table: criteria.table ?? [],
    source: criteria.source ?? [],
    database: criteria.database ?? "",
    startDateBefore: criteria.startDateBefore ?? "",
    endDateAfter: criteria.endDateAfter ?? "",
    createdAfter: criteria.createdAfter ?? "",
    updatedAfter: criteria.updatedAfter ?? "",
    subscribedOnly: criteria.subscribedOnly,
    keyOnly: criteria.keyOnly ?? false,
    newOnly: options.newOnly,
    order: criteria.order ?? "id",
    direction: criteria.direction ?? "asc",
    format: options.format,
    language: options.language,
    consolidation: options.consolidation,
    fullDump: options.fullDump,
    metadataOnly: options.metadataOnly,
    vintages: options.vintages,
  };
}

const optionLists = [
  ["country", "countries"],
  ["region", "regions"],
  ["unit", "units"],
  ["indicator", "indicators"],
  ["topic", "topics"],
  ["section", "sections"],
  ["table", "tables"],
  ["source", "sources"],
] as const;

/** Every chosen code must be one the form offers: a made-up database or country is refused, not ignored. */
function unknownOptions(values: EconValues, options: EconOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = (list: readonly { value: string }[], value: string) => list.some((option) => option.value === value);
  if (!known(options.databases, values.database)) errors.database = "validation.invalidOption";
  for (const [field, list] of optionLists) {
    if (values[field].some((value) => !known(options[list], value))) errors[field] = "validation.invalidOption";
  }
  return errors;
}

/**
 * The form's lists for a user: only the databases they are subscribed to, with their topics, sections and
 * tables (SPEC.md section 5: "the user must be subscribed to it").
 */
function withinScope(options: EconOptions, scope: DatabaseScope): EconOptions {
  if (scope === "all") return options;
  const within = <T extends { value: string; parent?: string }>(list: readonly T[], parents: ReadonlySet<string>) =>
    list.filter((option) => option.parent !== undefined && parents.has(option.parent));
  const databases = options.databases.filter((database) => scope.includes(database.value));
  const topics = within(options.topics, new Set(databases.map((database) => database.value)));
  const sections = within(options.sections, new Set(topics.map((topic) => topic.value)));
  const tables = within(options.tables, new Set(sections.map((section) => section.value)));
  return { ...options, databases, topics, sections, tables };
}

async function loadOptions(owner: { userId: string }): Promise<EconOptions> {
  const [options, scope] = await Promise.all([econOptions(getCatalog()), subscribedDatabases(owner.userId)]);
  return withinScope(options, scope);
}

/**
 * The series a stored or posted selection reads: with "subscribed only", only series of the owner's subscribed
 * databases, as they are when it runs (a narrowed subscription narrows what the feed delivers).
 */
export async function scopedSeriesCriteria(criteria: EconCriteria, ownerId: string): Promise<EconCriteria> {
  if (!criteria.subscribedOnly) return criteria;
  return { ...criteria, ...databasesCriterion(await subscribedDatabases(ownerId)) };
}

/**
 * Save's first step: the series the selection matches (at most 500 listed), codes the catalog knows, a
 * database the owner is subscribed to, and a full dump only for 3,000 series or fewer.
 */
async function checkSelection(values: EconValues, owner: { userId: string }): Promise<SelectionCheck<SeriesPreviewRow>> {
  const scope = await subscribedDatabases(owner.userId);
  const criteria = toSeriesCriteria(values);
  const preview = await previewSeries(getCatalog(), criteria.subscribedOnly ? { ...criteria, ...databasesCriterion(scope) } : criteria);
  const errors = unknownOptions(values, await econOptions(getCatalog()));
  if (!errors.database && !databaseAllowed(scope, values.database)) errors.database = "validation.databaseNotSubscribed";
  if (!preview.ok) errors.database ??= preview.error;
  if (preview.ok && values.fullDump && preview.total > fullDumpLimit) {
    errors.fullDump = encodeMessage("validation.fullDumpLimit", { max: fullDumpLimit, count: preview.total });
  }
  return { preview: preview.ok ? { total: preview.total, items: preview.items } : null, errors };
}

export const econProduct: ProductDescriptor<EconCriteria, EconFeedValues, EconDumpValues, SeriesPreviewRow, EconOptions> = {
  product: "macroeconomic",
  segment: "econ",
  feedSchema: econFeedSchema,
  dumpSchema: econDumpSchema,
  formValues: econFormValues,
  criteriaSchema: econCriteriaSchema,
  toCriteria: toSeriesCriteria,
  toOptions,
  toFormValues,
  checkSelection,
  loadOptions,
  /** SPEC.md section 9: up to 5 active macroeconomic feeds per user. */
  activeFeedLimit: 5,
};
