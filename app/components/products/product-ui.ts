import type { ComponentType } from "react";
import type { Validator } from "remix-validated-form";
import type { SelectionFieldsProps, SelectionPreviewProps } from "~/components/products/selection-fields";
import { feedFrequencies, type OutputOptions } from "~/modules/feeds/model";
import type { SubmissionValues } from "~/modules/feeds/product";
import type { CriteriaOf, OptionsOf, ProductSegment, RowOf } from "~/modules/products/registry.server";

/**
 * A product's own parts of the shared feed and dump screens (components/dashboard/product-views.tsx looks them up
 * by segment): the criteria fields of the form, the preview of a Save, the stored selection on the details pages,
 * how its form differs in the shared parts, the i18n keys of its screen texts, and its schemas in the browser.
 */
export interface ProductUi<S extends ProductSegment> {
  CriteriaFields: ComponentType<SelectionFieldsProps<OptionsOf<S>>>;
  Preview: ComponentType<SelectionPreviewProps<RowOf<S>>>;
  SelectionDetails: ComponentType<SelectionDetailsProps<S>>;
  formShape: FormShape;
  screenText: ScreenText;
  /** The feed and dump schemas, run in the browser before a post as the server runs them after. */
  validators: Record<"feed" | "dump", Validator<SubmissionValues>>;
}

/** What a stored feed or dump selects and how its file is written, with the catalog's names for the codes. */
export interface SelectionDetailsProps<S extends ProductSegment> {
  kind: "feed" | "dump";
  criteria: CriteriaOf<S>;
  output: OutputOptions;
  /** The option lists, for catalog names instead of codes. */
  options: OptionsOf<S>;
  /** The company v2 filter_id of the selection (company feeds and dumps); null otherwise. */
  filterId: string | null;
}

interface ScreenText {
  feedsTitle: string;
  feedsLead: string;
  createFeedTitle: string;
  createFeedLead: string;
  editFeedTitle: string;
  editFeedLead: string;
  createDumpTitle: string;
  createDumpLead: string;
  dumpsLead: string;
  /** The i18n key prefix of the product's own field labels. */
  fields: string;
  previewTotal: string;
  previewNext: string;
  /** The id of the preview's section, which the "preview ready" notice links to. */
  previewAnchor: string;
  twoSteps: string;
}

/** How a product's feed form differs in its shared parts. */
export interface FormShape {
  /** The frequency select's choices: the posted value and its label's i18n key. */
  frequencies: readonly { value: string; label: string }[];
  /** A feed's state as an "active" checkbox (documents) or an active/inactive select with a description field. */
  activeCheckbox: boolean;
  /** The FTP server as one address (ftp.example.com or ftp://host:port), or as host and port fields. */
  ftp: "address" | "host-port";
  /** Notification e-mails and the webhook's method, besides the webhook URL. */
  notificationEmails: boolean;
}

/** The daily to monthly frequencies of the macroeconomic and company feeds. */
export const calendarFrequencies = feedFrequencies.map((value) => ({ value, label: `econ.options.frequency.${value}` }));
