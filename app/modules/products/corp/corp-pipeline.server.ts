import type { Company } from "~/modules/catalog/catalog";
import { countedPages, keysetPages, type Pipeline, type PipelineRun } from "~/modules/feeds/pipelines.server";
import { companyRecord, currencyRates } from "~/modules/feeds/records";
import { corpCriteriaSchema } from "./corp-criteria";

/**
 * Company files: the selected companies with their profile and the statements the statement criteria match,
 * amounts in the chosen currency.
 */
export async function corpPipeline({ catalog, criteria: stored, options }: PipelineRun): Promise<Pipeline> {
  const criteria = corpCriteriaSchema.parse(stored);
  async function* withStatements(pages: AsyncIterable<Company[]>) {
    const rates = currencyRates(await catalog.dictionary("currencies"));
    for await (const page of pages) {
      const ids = page.map((company) => company.id);
      const statements = options.statements
        ? new Map((await catalog.companyStatements(ids, criteria.statements)).map((entry) => [entry.companyId, entry.statements]))
        : new Map();
      yield page.map((company) => companyRecord(company, statements.get(company.id) ?? [], options, rates));
    }
  }
  return {
    collection: "companies",
    count: () => catalog.countCompanies(criteria),
    dump: () => withStatements(keysetPages((page) => catalog.companyPage(criteria, page))),
    changes: (since, counts) =>
      withStatements(
        countedPages(
          keysetPages((page) => catalog.changedCompanies(criteria, since, page)),
          since,
          counts,
          (company) => company,
        ),
      ),
  };
}
