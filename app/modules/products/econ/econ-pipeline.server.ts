import type { SeriesCriteria, SeriesJson, SeriesRecord } from "~/modules/catalog/catalog";
import type { ChangeCounts } from "~/modules/feeds/change-counts";
import { countedPages, keysetPages, type Pipeline, type PipelineRun } from "~/modules/feeds/pipelines.server";
import { pointsAsPublished, seriesJsonRecord, seriesRecord, seriesRecordWithDateValues } from "~/modules/feeds/records";
import { econCriteriaSchema, scopedSeriesCriteria } from "./econ.server";

type SeriesMoments = Pick<SeriesRecord, "createdAt" | "lastUpdate">;

/** Series per page of a JSON file of points as published: a series' text is a few kilobytes. */
const jsonPageSize = 1000;

/**
 * Macroeconomic files: the selected series with their points (as published, consolidated, or every vintage),
 * or their metadata only. With "subscribed only" the owner's subscribed databases are read as they are now.
 */
export async function econPipeline({ catalog, criteria: stored, options, ownerId }: PipelineRun): Promise<Pipeline> {
  const criteria = await scopedSeriesCriteria(econCriteriaSchema.parse(stored), ownerId);
  async function* withPoints(pages: AsyncIterable<SeriesRecord[]>, publishedAfter?: string) {
    for await (const page of pages) {
      if (options.metadataOnly) {
        yield page.map((series) => seriesRecord(series, null, options));
        continue;
      }
      const ids = page.map((series) => series.id);
      if (!publishedAfter && pointsAsPublished(options)) {
        const latest = new Map((await catalog.latestDateValues(ids)).map((entry) => [entry.seriesId, entry.values]));
        yield page.map((series) => seriesRecordWithDateValues(series, latest.get(series.id) ?? []));
        continue;
      }
      const points = new Map(
        (await catalog.seriesPoints(ids, { vintages: options.vintages, publishedAfter })).map((entry) => [entry.seriesId, entry.points]),
      );
      yield page.map((series) => seriesRecord(series, points.get(series.id) ?? [], options));
    }
  }
  async function* asJson(pages: AsyncIterable<SeriesJson[]>) {
    for await (const page of pages) yield page.map(seriesJsonRecord);
  }
  // A JSON file of every selected series' points as published (a dump, a full-dump feed: the most common files) gets
  // its records' text from the database, in pages of a few megabytes: a query and a progress report per page cost
  // more than its text.
  const jsonAsPublished = options.format === "json" && pointsAsPublished(options);
  const moments = (series: SeriesMoments) => ({ createdAt: series.createdAt, updatedAt: series.lastUpdate });
  /** Every series `selection` selects; with `counted`, each counted as new or changed since then. */
  function everything(selection: SeriesCriteria, counted?: { since: string; counts?: ChangeCounts }) {
    const count = <T extends SeriesMoments>(pages: AsyncIterable<T[]>) =>
      counted ? countedPages(pages, counted.since, counted.counts, moments) : pages;
    if (jsonAsPublished) return asJson(count(keysetPages((page) => catalog.seriesJsonPage(selection, page), jsonPageSize)));
    return withPoints(count(keysetPages((page) => catalog.seriesPage(selection, page))));
  }
  return {
    collection: "series",
    count: () => catalog.countSeries(criteria),
    dump: () => everything(criteria),
    async *changes(since, counts) {
      const selected = { ...criteria, ...(options.newOnly ? { createdAfter: since } : {}) };
      const changed = keysetPages((page) => catalog.changedSeries(selected, since, page));
      if (!options.fullDump) {
        yield* withPoints(countedPages(changed, since, counts, moments), since);
        return;
      }
      // A full-dump feed delivers everything it selects once anything of it changed.
      for await (const _first of changed) {
        yield* everything(selected, { since, counts });
        return;
      }
    },
  };
}
