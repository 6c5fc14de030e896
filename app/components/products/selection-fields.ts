import type { FormDefaults } from "~/modules/feeds/form-state";

/**
 * The contract between the feed and dump form of every product (selection-form.tsx: general fields, delivery,
 * notification, preview and the two-step buttons) and one product's own parts.
 */
export interface SelectionFieldsProps<Options> {
  kind: "feed" | "dump";
  /** The product's option lists, as its loadOptions() answers. */
  options: Options;
  /** The values to show: posted again after a refused Save, the stored feed, or empty. */
  values: FormDefaults;
  /** The translated error of a field, if any. */
  error: (name: string) => string | undefined;
  /** True once React runs in the browser: lists may then narrow and fields hide; before, everything shows. */
  hydrated: boolean;
}

export interface SelectionPreviewProps<Row> {
  preview: { total: number; items: Row[] };
}
