import { z } from "zod";
import { seriesFrequencies, seriesOrders } from "~/modules/catalog/catalog";
import {
  checkDelivery,
  choice,
  codeList,
  deliveryShape,
  fileShape,
  formValues,
  generalShape,
  idListSchema,
  intentShape,
  optionalDate,
  scheduleShape,
} from "~/modules/feeds/form-shapes";
import { optionalText } from "~/modules/forms/fields";
import { consolidations } from "~/modules/feeds/model";

/**
 * The macroeconomic feed and dump forms (SPEC.md sections 3 and 5): the shared feed and dump fields plus the
 * series selection. One schema for the pages and the JSON API; the rules that need the catalog or the database
 * (known codes, full dump size, five active feeds) are checked by the descriptor (econ.server.ts).
 */

const econListFields = ["seriesFrequency", "country", "region", "unit", "indicator", "topic", "section", "table", "source"] as const;
const econFlagFields = ["nameOnly", "subscribedOnly", "keyOnly", "newOnly", "fullDump", "metadataOnly", "vintages"] as const;

/** At most this many series ids in one list (SPEC.md: "Please enter at most 10,000 ids."). */
export const maxSeriesIds = 10_000;

/** The form post or JSON body as the plain object the schema reads. */
export function econFormValues(source: FormData | Record<string, unknown>): Record<string, unknown> {
  return formValues(source, { lists: econListFields, flags: econFlagFields });
}

const criteriaShape = {
  seriesIds: idListSchema(maxSeriesIds),
  keyword: optionalText(200),
  nameOnly: z.boolean().default(false),
  seriesFrequency: z.array(z.enum(seriesFrequencies, { errorMap: () => ({ message: "validation.invalidOption" }) })).default([]),
  country: codeList,
  region: codeList,
  unit: codeList,
  indicator: codeList,
  topic: codeList,
  section: codeList,
  table: codeList,
  source: codeList,
  database: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ required_error: "validation.selectDatabase", invalid_type_error: "validation.selectDatabase" })
      .trim()
      .min(1, "validation.selectDatabase")
      .max(64),
  ),
  startDateBefore: optionalDate,
  endDateAfter: optionalDate,
  createdAfter: optionalDate,
  updatedAfter: optionalDate,
  subscribedOnly: z.boolean().default(false),
  keyOnly: z.boolean().default(false),
  order: choice(seriesOrders, "id"),
  direction: choice(["asc", "desc"] as const, "asc"),
};

const outputShape = {
  ...fileShape,
  consolidation: choice(consolidations, "none"),
  fullDump: z.boolean().default(false),
  metadataOnly: z.boolean().default(false),
};

export const econFeedSchema = z
  .object({
    ...intentShape,
    ...generalShape,
    ...scheduleShape,
    newOnly: z.boolean().default(false),
    ...criteriaShape,
    ...outputShape,
    ...deliveryShape,
  })
  .superRefine(checkDelivery);
export type EconFeedValues = z.infer<typeof econFeedSchema>;

export const econDumpSchema = z
  .object({
    ...intentShape,
    ...generalShape,
    vintages: z.boolean().default(false),
    ...criteriaShape,
    ...outputShape,
    ...deliveryShape,
  })
  .superRefine(checkDelivery);
export type EconDumpValues = z.infer<typeof econDumpSchema>;
