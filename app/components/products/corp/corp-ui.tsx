import { selectionValidator } from "~/modules/feeds/selection-validator";
import { corpDumpSchema, corpFeedSchema, corpFormValues } from "~/modules/products/corp/corp-form";
import { calendarFrequencies, type ProductUi, type SelectionDetailsProps } from "../product-ui";
import { CorpCompanyPreview } from "./corp-company-preview";
import { CorpCriteriaFields } from "./corp-criteria-fields";
import { CorpSelectionDetails } from "./corp-selection-details";

function CorpDetails({ kind, criteria, output, options, filterId }: SelectionDetailsProps<"corp">) {
  return <CorpSelectionDetails kind={kind} criteria={criteria} options={output} lists={options} filterId={filterId} />;
}

/** The company product's parts of the shared feed and dump screens. */
export const corpUi: ProductUi<"corp"> = {
  CriteriaFields: CorpCriteriaFields,
  Preview: CorpCompanyPreview,
  SelectionDetails: CorpDetails,
  formShape: { frequencies: calendarFrequencies, activeCheckbox: false, ftp: "address", notificationEmails: true },
  screenText: {
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
  validators: { feed: selectionValidator(corpFeedSchema, corpFormValues), dump: selectionValidator(corpDumpSchema, corpFormValues) },
};
