import type {
  CatalogSource,
  Company,
  CompanyCriteria,
  DocumentCriteria,
  DocumentRecord,
  KeysetPage,
  SeriesCriteria,
  SeriesRecord,
} from "~/modules/catalog/catalog";
import type { CorpCriteria } from "~/modules/products/corp/corp-criteria";
import type { FeedProduct, OutputOptions } from "./model";
import { companyRecord, currencyRates, documentRecord, seriesRecord } from "./records";

/**
 * How each product's feeds and dumps read the catalog: in keyset pages of bounded size, so a dump of any
 * size holds one page in memory.
 */
export interface Pipeline {
  /** The array of records in the file. */
  collection: "series" | "companies" | "documents";
  count(criteria: unknown): Promise<number>;
  /** Everything the criteria select, with full history. */
  dump(criteria: unknown, options: OutputOptions): AsyncIterable<unknown[]>;
  /** What changed after `since`: an empty iteration means nothing to deliver. */
  changes(criteria: unknown, options: OutputOptions, since: string): AsyncIterable<unknown[]>;
}

const pageSize = 200;

async function* keysetPages<T extends { id: string }>(read: (page: KeysetPage) => Promise<T[]>): AsyncIterable<T[]> {
  let afterId: string | null = null;
  for (;;) {
    const page = await read({ afterId, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

function seriesPipeline(catalog: CatalogSource): Pipeline {
  async function* withPoints(pages: AsyncIterable<SeriesRecord[]>, options: OutputOptions, publishedAfter?: string) {
    for await (const page of pages) {
      if (options.metadataOnly) {
        yield page.map((series) => seriesRecord(series, null, options));
        continue;
      }
      const points = new Map(
        (
          await catalog.seriesPoints(
            page.map((series) => series.id),
            { vintages: options.vintages, publishedAfter },
          )
        ).map((entry) => [entry.seriesId, entry.points]),
      );
      yield page.map((series) => seriesRecord(series, points.get(series.id) ?? [], options));
    }
  }
  return {
    collection: "series",
    count: (criteria) => catalog.countSeries(criteria as SeriesCriteria),
    dump: (criteria, options) =>
      withPoints(
        keysetPages((page) => catalog.seriesPage(criteria as SeriesCriteria, page)),
        options,
      ),
    async *changes(criteria, options, since) {
      const selected = { ...(criteria as SeriesCriteria), ...(options.newOnly ? { createdAfter: since } : {}) };
      const changed = keysetPages((page) => catalog.changedSeries(selected, since, page));
      if (!options.fullDump) {
        yield* withPoints(changed, options, since);
        return;
      }
      for await (const _first of changed) {
        yield* withPoints(
          keysetPages((page) => catalog.seriesPage(selected, page)),
          options,
        );
        return;
      }
    },
  };
}

function companyPipeline(catalog: CatalogSource): Pipeline {
  async function* withStatements(pages: AsyncIterable<Company[]>, criteria: unknown, options: OutputOptions) {
    const rates = currencyRates(await catalog.dictionary("currencies"));
    const statementCriteria = (criteria as CorpCriteria).statements;
    for await (const page of pages) {
      const ids = page.map((company) => company.id);
      const statements = options.statements
        ? new Map((await catalog.companyStatements(ids, statementCriteria)).map((entry) => [entry.companyId, entry.statements]))
        : new Map();
      yield page.map((company) => companyRecord(company, statements.get(company.id) ?? [], options, rates));
    }
  }
  return {
    collection: "companies",
    count: (criteria) => catalog.countCompanies(criteria as CompanyCriteria),
    dump: (criteria, options) =>
      withStatements(
        keysetPages((page) => catalog.companyPage(criteria as CompanyCriteria, page)),
        criteria,
        options,
      ),
    changes: (criteria, options, since) =>
      withStatements(
        keysetPages((page) => catalog.changedCompanies(criteria as CompanyCriteria, since, page)),
        criteria,
        options,
      ),
  };
}

function documentPipeline(catalog: CatalogSource): Pipeline {
  async function* records(pages: AsyncIterable<DocumentRecord[]>) {
    for await (const page of pages) yield page.map(documentRecord);
  }
  return {
    collection: "documents",
    count: (criteria) => catalog.countDocuments(criteria as DocumentCriteria),
    dump: (criteria) => records(keysetPages((page) => catalog.documentPage(criteria as DocumentCriteria, page))),
    changes: (criteria, _options, since) =>
      records(keysetPages((page) => catalog.changedDocuments(criteria as DocumentCriteria, since, page))),
  };
}

export function pipelineFor(product: FeedProduct, catalog: CatalogSource): Pipeline {
  if (product === "company") return companyPipeline(catalog);
  if (product === "documents") return documentPipeline(catalog);
  return seriesPipeline(catalog);
}
