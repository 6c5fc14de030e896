import type { CatalogSource, KeysetPage } from "~/modules/catalog/catalog";
import type { ProductCollection } from "~/modules/registry/product-catalogue";
import { countChanges, type ChangeCounts, type ItemMoments } from "./change-counts";
import type { FeedProduct, OutputOptions } from "./model";

/**
 * How a feed run or a dump reads the catalog: in keyset pages of bounded size, so a file of any size holds
 * one page in memory. Each product brings its own pipeline (modules/products/*); the worker's composition
 * root hands them to the jobs, so the core never reads a product's criteria itself.
 */
export interface Pipeline {
  /** The array of records in the file. */
  collection: ProductCollection;
  count(): Promise<number>;
  /** Everything the criteria select, with full history. */
  dump(): AsyncIterable<unknown[]>;
  /** What changed after `since`: an empty iteration means nothing to deliver. Adds what it selects to `counts`. */
  changes(since: string, counts?: ChangeCounts): AsyncIterable<unknown[]>;
}

/** One run: the stored criteria (read by the product's own schema), the output options and the owner. */
export interface PipelineRun {
  catalog: CatalogSource;
  criteria: unknown;
  options: OutputOptions;
  ownerId: string;
}

export type PipelineFactory = (run: PipelineRun) => Promise<Pipeline>;
export type ProductPipelines = Record<FeedProduct, PipelineFactory>;

const pageSize = 200;

/** Pages of `limit` items read in id order; a page of small items may be larger than the usual one. */
export async function* keysetPages<T extends { id: string }>(
  read: (page: KeysetPage) => Promise<T[]>,
  limit = pageSize,
): AsyncIterable<T[]> {
  let afterId: string | null = null;
  for (;;) {
    const page = await read({ afterId, limit });
    const last = page.at(-1);
    if (!last) return;
    yield page;
    if (page.length < limit) return;
    afterId = last.id;
  }
}

/** The pages as they are, each counted as new and changed items after `since` (when there are counts to keep). */
export async function* countedPages<T>(
  pages: AsyncIterable<T[]>,
  since: string,
  counts: ChangeCounts | undefined,
  moments: (item: T) => ItemMoments,
): AsyncIterable<T[]> {
  for await (const page of pages) {
    if (counts) countChanges(counts, since, page.map(moments));
    yield page;
  }
}
