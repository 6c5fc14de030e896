import { selectionValidator } from "~/modules/feeds/selection-validator";
import { documentsFeedSchema, documentsFormValues, documentsFrequencies } from "~/modules/products/documents/documents-form";
import type { ProductUi } from "../product-ui";
import { DocumentsCriteriaFields } from "./documents-criteria-fields";
import { DocumentsPreview } from "./documents-preview";
import { DocumentsSelectionDetails } from "./documents-selection-details";

/** The documents product's parts of the shared feed screens (it has no dumps: the dump entries are never shown). */
export const documentsUi: ProductUi<"documents"> = {
  CriteriaFields: DocumentsCriteriaFields,
  Preview: DocumentsPreview,
  SelectionDetails: DocumentsSelectionDetails,
  formShape: {
    frequencies: documentsFrequencies.map((value) => ({ value, label: `documents.form.options.frequency.${value}` })),
    activeCheckbox: true,
    ftp: "host-port",
    notificationEmails: false,
  },
  screenText: {
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
  validators: {
    feed: selectionValidator(documentsFeedSchema, documentsFormValues),
    dump: selectionValidator(documentsFeedSchema, documentsFormValues),
  },
};
