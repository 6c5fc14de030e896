import type { Company } from "~/modules/catalog/catalog";
import type { ProductDescriptor } from "~/modules/feeds/product";
import { corpCriteriaSchema, corpStoredFormValues, toCorpCriteria, toCorpOptions, type CorpCriteria } from "./corp-criteria";
import { corpDumpSchema, corpFeedSchema, corpFormValues, type CorpDumpValues, type CorpFeedValues, type CorpOptions } from "./corp-form";
import { companySelectionFilter, expandCompanyFilter } from "./corp-filters.server";
import { checkCorpSelection, loadCorpOptions } from "./corp-selection.server";

/**
 * The company product (SPEC.md sections 3 to 6): companies selected by ids or by search criteria, each written
 * with its profile and its financial statements (chosen by the statement criteria), in USD, EUR or the local
 * currency. Everything else about its feeds and dumps is the feeds core's.
 */
export const corpProduct: ProductDescriptor<CorpCriteria, CorpFeedValues, CorpDumpValues, Company, CorpOptions> = {
  product: "company",
  segment: "corp",
  feedSchema: corpFeedSchema,
  dumpSchema: corpDumpSchema,
  formValues: corpFormValues,
  criteriaSchema: corpCriteriaSchema,
  toCriteria: toCorpCriteria,
  toOptions: toCorpOptions,
  toFormValues: corpStoredFormValues,
  checkSelection: checkCorpSelection,
  loadOptions: loadCorpOptions,
  /** At most 5 active company feeds per user, as for macroeconomic feeds. */
  activeFeedLimit: 5,
  expandFilter: expandCompanyFilter,
  selectionFilter: companySelectionFilter,
};
