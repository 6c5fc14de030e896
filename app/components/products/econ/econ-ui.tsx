import { selectionValidator } from "~/modules/feeds/selection-validator";
import { econDumpSchema, econFeedSchema, econFormValues } from "~/modules/products/econ/econ-form";
import { calendarFrequencies, type ProductUi } from "../product-ui";
import { EconCriteriaFields } from "./econ-criteria-fields";
import { EconSelectionDetails } from "./econ-selection-details";
import { EconSeriesPreview } from "./econ-series-preview";

/** The macroeconomic product's parts of the shared feed and dump screens. */
export const econUi: ProductUi<"econ"> = {
  CriteriaFields: EconCriteriaFields,
  Preview: EconSeriesPreview,
  SelectionDetails: EconSelectionDetails,
  formShape: { frequencies: calendarFrequencies, activeCheckbox: false, ftp: "address", notificationEmails: true },
  screenText: {
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
  validators: { feed: selectionValidator(econFeedSchema, econFormValues), dump: selectionValidator(econDumpSchema, econFormValues) },
};
