import { z } from "zod";
import { deliverySchema, feedFrequencies, documentFeedFrequencies, notificationSchema, outputOptionsSchema } from "./model";
import type { Delivery, FeedFrequency, Notification, OutputOptions } from "./model";

/**
 * The codec of the JSON columns feeds and dumps share (criteria, options, delivery, notification): written by
 * `selectionColumns`, read back by `readSelection` with the same schemas, so no caller parses or casts them.
 */

export interface StoredSelection<Criteria = unknown> {
  criteria: Criteria;
  options: OutputOptions;
  delivery: Delivery;
  notification: Notification;
}

interface SelectionColumns {
  criteria: string;
  options: string;
  delivery: string;
  notification: string;
}

export function selectionColumns(selection: StoredSelection): SelectionColumns {
  return {
    criteria: JSON.stringify(selection.criteria),
    options: JSON.stringify(selection.options),
    delivery: JSON.stringify(selection.delivery),
    notification: JSON.stringify(selection.notification),
  };
}

function column<T extends z.ZodTypeAny>(schema: T, text: string): z.output<T> {
  return schema.parse(JSON.parse(text));
}

/** A row's stored selection; the criteria through the product's own schema (z.unknown() to pass them on as stored). */
export function readSelection<Criteria>(
  row: SelectionColumns,
  criteriaSchema: z.ZodType<Criteria, z.ZodTypeDef, unknown>,
): StoredSelection<Criteria> {
  return {
    criteria: criteriaSchema.parse(JSON.parse(row.criteria)),
    options: column(outputOptionsSchema, row.options),
    delivery: column(deliverySchema, row.delivery),
    notification: column(notificationSchema, row.notification),
  };
}

export const readOptions = (row: Pick<SelectionColumns, "options">): OutputOptions => column(outputOptionsSchema, row.options);
export const readDelivery = (row: Pick<SelectionColumns, "delivery">): Delivery => column(deliverySchema, row.delivery);

const frequencySchema = z.enum([...feedFrequencies, ...documentFeedFrequencies]);

/** The stored frequency column, checked: an unknown value is a stored-data error, not a silent default. */
export function readFrequency(value: string): FeedFrequency {
  return frequencySchema.parse(value);
}
