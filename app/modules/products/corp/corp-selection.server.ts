import type { Company } from "~/modules/catalog/catalog";
import { corpCompanyOptions } from "~/modules/catalog/options.server";
import { COMPANY_PREVIEW_MAX_IDS, previewCompanies } from "~/modules/catalog/previews.server";
import { statementAccounts } from "~/modules/catalog/reference-data";
import { getCatalog } from "~/modules/catalog/source.server";
import type { SelectionCheck } from "~/modules/feeds/product";
import { encodeMessage } from "~/modules/forms/messages";
import { toCorpCriteria } from "./corp-criteria";
import type { CorpDumpValues, CorpFeedValues, CorpOptions } from "./corp-form";

/** The option lists of the company forms and of /api/corp-company-options: the same for every subscriber. */
export function loadCorpOptions(_owner: { userId: string }): Promise<CorpOptions> {
  return corpCompanyOptions(getCatalog());
}

/** Each list field and the option list its codes come from. */
const optionLists = [
  ["country", "countries"],
  ["region", "regions"],
  ["type", "types"],
  ["mainIndustry", "industries"],
  ["secondaryIndustry", "industries"],
  ["companyStatus", "statuses"],
  ["legalForm", "legalForms"],
  ["ownerCitizenship", "countries"],
  ["importCountry", "countries"],
  ["exportCountry", "countries"],
  ["statementType", "statementTypes"],
  ["financialStandards", "financialStandards"],
] as const;

const accountNames = [...new Set(Object.values(statementAccounts).flat())];

/** Every chosen code must be one the form offers: a made-up country is refused, not ignored. */
function unknownOptions(values: CorpFeedValues | CorpDumpValues, options: CorpOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, list] of optionLists) {
    const known = new Set(options[list].map((option) => option.value));
    if (values[field].some((value) => !known.has(value))) errors[field] = "validation.invalidOption";
  }
  // An account no statement carries would silently deliver no statements.
  if (values.accountName && !accountNames.includes(values.accountName)) {
    errors.accountName = encodeMessage("validation.unknownAccount", { accounts: accountNames.join(", ") });
  }
  return errors;
}

/**
 * Save's first step: the first 5 companies the selection matches and their total, and the rules that need the
 * catalog: codes it knows, and a preview of at most 100 company ids (SPEC.md section 9).
 */
export async function checkCorpSelection(
  values: CorpFeedValues | CorpDumpValues,
  _owner: { userId: string },
): Promise<SelectionCheck<Company>> {
  const catalog = getCatalog();
  const criteria = toCorpCriteria(values);
  const ids = criteria.companyIds ?? [];
  // SPEC.md section 9: a preview takes at most 100 ids; a longer list (up to 100,000) is previewed by its first 100.
  const limited = ids.length > COMPANY_PREVIEW_MAX_IDS;
  const previewed = limited ? { ...criteria, companyIds: ids.slice(0, COMPANY_PREVIEW_MAX_IDS) } : criteria;
  const [options, preview, total] = await Promise.all([
    corpCompanyOptions(catalog),
    previewCompanies(catalog, previewed),
    limited ? catalog.countCompanies(criteria) : null,
  ]);
  const errors = unknownOptions(values, options);
  if (!preview.ok) {
    errors.companyIds ??= preview.error;
    return { preview: null, errors };
  }
  const notice = limited
    ? encodeMessage("corpScreens.previewFirstIds", { max: COMPANY_PREVIEW_MAX_IDS, count: ids.length.toLocaleString("en-US") })
    : undefined;
  return { preview: { total: total ?? preview.total, items: preview.items, ...(notice ? { notice } : {}) }, errors };
}
