import type { DocumentRecord } from "~/modules/catalog/catalog";
import { countedPages, keysetPages, type Pipeline, type PipelineRun } from "~/modules/feeds/pipelines.server";
import { documentRecord } from "~/modules/feeds/records";
import { documentsCriteriaSchema } from "./documents-criteria";

/** Documents files: each selected document's metadata and content. */
export async function documentsPipeline({ catalog, criteria: stored }: PipelineRun): Promise<Pipeline> {
  const criteria = documentsCriteriaSchema.parse(stored);
  async function* records(pages: AsyncIterable<DocumentRecord[]>) {
    for await (const page of pages) yield page.map(documentRecord);
  }
  return {
    collection: "documents",
    count: () => catalog.countDocuments(criteria),
    dump: () => records(keysetPages((page) => catalog.documentPage(criteria, page))),
    // A document published after `since` is new; one revised after it, changed.
    changes: (since, counts) =>
      records(
        countedPages(
          keysetPages((page) => catalog.changedDocuments(criteria, since, page)),
          since,
          counts,
          (document) => ({ createdAt: document.publishedAt, updatedAt: document.updatedAt }),
        ),
      ),
  };
}
