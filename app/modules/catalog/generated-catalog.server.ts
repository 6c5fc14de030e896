import type { DatabaseHandle } from "~/modules/db/database.server";
import type {
  AdvanceResult,
  CatalogSource,
  CompanyCriteria,
  DictionaryKind,
  DocumentCriteria,
  KeysetPage,
  PointsOptions,
  SearchWindow,
  SeriesCriteria,
  StatementCriteria,
} from "./catalog";
import * as queries from "./catalog-queries.server";
import { advanceCatalog, seedCatalog, type CatalogSizes } from "./catalog-seed.server";
import { dictionaryEntries } from "./dictionaries";
import { econLayout } from "./generator";

/**
 * The embedded catalog: generated items stored in the portal's database (migration 0003_catalog), read
 * with the same queries on SQLite and PostgreSQL. Writes are in catalog-seed, reads in catalog-queries,
 * their SQL filters in catalog-conditions and the row mapping in catalog-rows.
 */
export class GeneratedCatalog implements CatalogSource {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly sizes: CatalogSizes,
  ) {}

  seed(now: Date = new Date()): Promise<void> {
    return seedCatalog(this.handle, this.sizes, now);
  }

  advance(now: Date): Promise<AdvanceResult> {
    return advanceCatalog(this.handle, now);
  }

  countSeries(criteria: SeriesCriteria) {
    return queries.countSeries(this.handle, criteria);
  }

  seriesPage(criteria: SeriesCriteria, page: KeysetPage) {
    return queries.seriesPage(this.handle, criteria, page);
  }

  searchSeries(criteria: SeriesCriteria, window: SearchWindow) {
    return queries.searchSeries(this.handle, criteria, window);
  }

  seriesPoints(ids: readonly string[], options?: PointsOptions) {
    return queries.seriesPoints(this.handle, ids, options);
  }

  latestDateValues(ids: readonly string[]) {
    return queries.latestDateValues(this.handle, ids);
  }

  seriesJsonPage(criteria: SeriesCriteria, page: KeysetPage) {
    return queries.seriesJsonPage(this.handle, criteria, page);
  }

  changedSeries(criteria: SeriesCriteria, since: string, page: KeysetPage) {
    return queries.changedSeries(this.handle, criteria, since, page);
  }

  countCompanies(criteria: CompanyCriteria) {
    return queries.countCompanies(this.handle, criteria);
  }

  companyPage(criteria: CompanyCriteria, page: KeysetPage) {
    return queries.companyPage(this.handle, criteria, page);
  }

  companyStatements(ids: readonly string[], criteria?: StatementCriteria) {
    return queries.companyStatements(this.handle, ids, criteria);
  }

  changedCompanies(criteria: CompanyCriteria, since: string, page: KeysetPage) {
    return queries.changedCompanies(this.handle, criteria, since, page);
  }

  countDocuments(criteria: DocumentCriteria) {
    return queries.countDocuments(this.handle, criteria);
  }

  documentPage(criteria: DocumentCriteria, page: KeysetPage) {
    return queries.documentPage(this.handle, criteria, page);
  }

  changedDocuments(criteria: DocumentCriteria, since: string, page: KeysetPage) {
    return queries.changedDocuments(this.handle, criteria, since, page);
  }

  async dictionary(kind: DictionaryKind) {
    return dictionaryEntries(kind);
  }

  async econLayout() {
    return econLayout();
  }
}
