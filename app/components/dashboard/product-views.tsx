import type {
  ProductDumpDetails,
  ProductFeedDetails,
  ProductOptions,
  ProductPreview,
  ProductSegment,
} from "~/modules/products/registry.server";
import type { Validator } from "remix-validated-form";
import type { FormDefaults } from "~/modules/feeds/form-state";
import type { SubmissionValues } from "~/modules/feeds/product";
import { feedFrequencies } from "~/modules/feeds/model";
import { selectionValidator } from "~/modules/feeds/selection-validator";
import { corpDumpSchema, corpFeedSchema, corpFormValues } from "~/modules/products/corp/corp-form";
import { documentsFeedSchema, documentsFormValues, documentsFrequencies } from "~/modules/products/documents/documents-form";
import { econDumpSchema, econFeedSchema, econFormValues } from "~/modules/products/econ/econ-form";
import { CorpCompanyPreview } from "./corp-company-preview";
import { CorpCriteriaFields } from "./corp-criteria-fields";
import { CorpSelectionDetails } from "./corp-selection-details";
import { DocumentsCriteriaFields } from "./documents-criteria-fields";
import { DocumentsPreview } from "./documents-preview";
import { DocumentsSelectionDetails } from "./documents-selection-details";
import { EconCriteriaFields } from "./econ-criteria-fields";
import { EconSelectionDetails } from "./econ-selection-details";
import { EconSeriesPreview } from "./econ-series-preview";

/**
 * Each product's own parts of the shared feed and dump screens, chosen by the segment its data is tagged
 * with: the criteria fields of the form, the preview of a Save, the stored selection on the details pages,
 * and the i18n keys of its screen texts.
 */

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

const calendarFrequencies = feedFrequencies.map((value) => ({ value, label: `econ.options.frequency.${value}` }));

export const formShapes: Record<ProductSegment, FormShape> = {
  econ: { frequencies: calendarFrequencies, activeCheckbox: false, ftp: "address", notificationEmails: true },
  corp: { frequencies: calendarFrequencies, activeCheckbox: false, ftp: "address", notificationEmails: true },
  documents: {
    frequencies: documentsFrequencies.map((value) => ({ value, label: `documents.form.options.frequency.${value}` })),
    activeCheckbox: true,
    ftp: "host-port",
    notificationEmails: false,
  },
};

export const screenText: Record<ProductSegment, ScreenText> = {
  econ: {
    feedsTitle: "econ.feeds.title",
    feedsLead: "econ.feeds.lead",
    createFeedTitle: "econ.createFeed.title",
    createFeedLead: "econ.createFeed.lead",
    editFeedTitle: "econ.editFeed.title",
    editFeedLead: "econ.editFeed.lead",
    createDumpTitle: "econ.createDump.title",
    createDumpLead: "econ.createDump.lead",
    dumpsLead: "dumps.lead",
    fields: "econ.form.fields",
    previewTotal: "econ.preview.total",
    previewNext: "econ.preview.next",
    previewAnchor: "econ-preview",
    twoSteps: "econ.form.twoSteps",
  },
  corp: {
    feedsTitle: "corpScreens.feedsTitle",
    feedsLead: "corpScreens.feedsLead",
    createFeedTitle: "corpScreens.createFeedTitle",
    createFeedLead: "corpScreens.createFeedLead",
    editFeedTitle: "corpScreens.editFeedTitle",
    editFeedLead: "corpScreens.editFeedLead",
    createDumpTitle: "corpScreens.createDumpTitle",
    createDumpLead: "corpScreens.createDumpLead",
    dumpsLead: "corpScreens.dumpsLead",
    fields: "corp.form.fields",
    previewTotal: "corpScreens.previewTotal",
    previewNext: "corpScreens.previewNext",
    previewAnchor: "corp-preview",
    twoSteps: "corpScreens.twoSteps",
  },
  documents: {
    feedsTitle: "documentsScreens.feedsTitle",
    feedsLead: "documentsScreens.feedsLead",
    createFeedTitle: "documentsScreens.createFeedTitle",
    createFeedLead: "documentsScreens.createFeedLead",
    editFeedTitle: "documentsScreens.editFeedTitle",
    editFeedLead: "documentsScreens.editFeedLead",
    createDumpTitle: "documentsScreens.createFeedTitle",
    createDumpLead: "documentsScreens.createFeedLead",
    dumpsLead: "documentsScreens.feedsLead",
    fields: "documents.form.fields",
    previewTotal: "documentsScreens.previewTotal",
    previewNext: "documentsScreens.previewNext",
    previewAnchor: "documents-preview",
    twoSteps: "documentsScreens.twoSteps",
  },
};

/** Each product's feed and dump schemas, run in the browser before a post as the server runs them after. */
export const selectionValidators: Record<ProductSegment, Record<"feed" | "dump", Validator<SubmissionValues>>> = {
  econ: { feed: selectionValidator(econFeedSchema, econFormValues), dump: selectionValidator(econDumpSchema, econFormValues) },
  corp: { feed: selectionValidator(corpFeedSchema, corpFormValues), dump: selectionValidator(corpDumpSchema, corpFormValues) },
  documents: {
    feed: selectionValidator(documentsFeedSchema, documentsFormValues),
    dump: selectionValidator(documentsFeedSchema, documentsFormValues),
  },
};

interface CriteriaFieldsProps {
  product: ProductOptions;
  kind: "feed" | "dump";
  values: FormDefaults;
  error: (name: string) => string | undefined;
  hydrated: boolean;
}

export function ProductCriteriaFields({ product, ...props }: CriteriaFieldsProps) {
  switch (product.segment) {
    case "econ":
      return <EconCriteriaFields {...props} options={product.options} />;
    case "corp":
      return <CorpCriteriaFields {...props} options={product.options} />;
    case "documents":
      return <DocumentsCriteriaFields {...props} options={product.options} />;
  }
}

export function ProductPreviewView({ preview }: { preview: ProductPreview }) {
  switch (preview.segment) {
    case "econ":
      return <EconSeriesPreview preview={preview.preview} />;
    case "corp":
      return <CorpCompanyPreview preview={preview.preview} />;
    case "documents":
      return <DocumentsPreview preview={preview.preview} />;
  }
}

/** What a stored feed or dump selects and how its file is written, with the catalog's names for the codes. */
export function ProductSelectionDetails({ details, kind }: { details: ProductFeedDetails | ProductDumpDetails; kind: "feed" | "dump" }) {
  switch (details.segment) {
    case "econ": {
      const { criteria, options: output } = "feed" in details ? details.feed : details.dump;
      return <EconSelectionDetails kind={kind} criteria={criteria} output={output} options={details.options} />;
    }
    case "corp": {
      const { criteria, options: output } = "feed" in details ? details.feed : details.dump;
      return <CorpSelectionDetails kind={kind} criteria={criteria} options={output} lists={details.options} />;
    }
    case "documents": {
      const { criteria, options: output } = "feed" in details ? details.feed : details.dump;
      return <DocumentsSelectionDetails criteria={criteria} output={output} options={details.options} />;
    }
  }
}
