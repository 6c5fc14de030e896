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
  SeriesRecord,
  StatementCriteria,
} from "./catalog";
import * as queries from "./catalog-queries.server";
import { inSeriesScope } from "./catalog-conditions";
import { advanceCatalog, seedCatalog, type CatalogSizes } from "./catalog-seed.server";
import { dictionaryEntries } from "./dictionaries";
import { econLayout } from "./generator";
import { currentKeywordIndex, keywordIndexReady } from "./keyword-index.server";
import { keywordWords } from "./keyword-words";

/**
 * The embedded catalog: generated items stored in the portal's database (migration 0003_catalog), read
 * with the same queries on SQLite and PostgreSQL. Writes are in catalog-seed, reads in catalog-queries,
 * their SQL filters in catalog-conditions and the row mapping in catalog-rows.
 */
export class GeneratedCatalog implements CatalogSource {
  /**
   * `keywordIndex: false` leaves every keyword search to SQL (tests compare both ways); otherwise a series search
   * takes the keyword's series from the index in memory whenever it is current.
   */
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly sizes: CatalogSizes,
    private readonly options: { keywordIndex?: boolean } = {},
  ) {}

  /**
   * The keyword's series within the criteria's database and subscribed ones (which scope every other criterion), in
   * id order, when the series in memory are current and the keyword is theirs to find.
   */
  private async keywordMatches(criteria: SeriesCriteria): Promise<readonly SeriesRecord[] | undefined> {
    const words = keywordWords(criteria.keyword);
    if (this.options.keywordIndex === false || words.length === 0 || criteria.nameOnly) return undefined;
    return (await currentKeywordIndex(this.handle))?.matches(words).filter((series) => inSeriesScope(series, criteria));
  }

  /** Builds the keyword index in memory now, unless it is current (the first keyword search starts it; tests wait for it). */
  keywordIndexReady(): Promise<void> {
    return keywordIndexReady(this.handle);
  }

  seed(now: Date = new Date()): Promise<void> {
    return seedCatalog(this.handle, this.sizes, now);
  }

  advance(now: Date): Promise<AdvanceResult> {
    return advanceCatalog(this.handle, now);
  }

  async countSeries(criteria: SeriesCriteria) {
    return queries.countSeries(this.handle, criteria, await this.keywordMatches(criteria));
  }

  seriesPage(criteria: SeriesCriteria, page: KeysetPage) {
    return queries.seriesPage(this.handle, criteria, page);
  }

  async searchSeries(criteria: SeriesCriteria, window: SearchWindow) {
    return queries.searchSeries(this.handle, criteria, window, await this.keywordMatches(criteria));
  }

  async searchSeriesWithTotal(criteria: SeriesCriteria, window: SearchWindow) {
    const matches = await this.keywordMatches(criteria);
    const [total, items] = await Promise.all([
      queries.countSeries(this.handle, criteria, matches),
      queries.searchSeries(this.handle, criteria, window, matches),
    ]);
    return { total, items };
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
