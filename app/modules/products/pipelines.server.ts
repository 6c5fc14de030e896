import type { ProductPipelines } from "~/modules/feeds/pipelines.server";
import { corpPipeline } from "./corp/corp-pipeline.server";
import { documentsPipeline } from "./documents/documents-pipeline.server";
import { econPipeline } from "./econ/econ-pipeline.server";

/** Every product's pipeline, handed to the feed and dump jobs by the worker's composition root. */
export const productPipelines: ProductPipelines = {
  macroeconomic: econPipeline,
  company: corpPipeline,
  documents: documentsPipeline,
};
