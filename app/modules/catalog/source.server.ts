import { database } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import type { CatalogSource } from "./catalog";
import { GeneratedCatalog } from "./generated-catalog.server";

let generated: GeneratedCatalog | undefined;

function generatedCatalog(): GeneratedCatalog {
  generated ??= new GeneratedCatalog(database, {
    series: env.CATALOG_SERIES,
    companies: env.CATALOG_COMPANIES,
    documents: env.CATALOG_DOCUMENTS,
  });
  return generated;
}

/** The process-wide data catalog: the generated sample catalog in the portal's database. */
export function getCatalog(): CatalogSource {
  return generatedCatalog();
}

/** Seeds the generated catalog when the database holds none, or one of other sizes. */
export function prepareCatalog(): Promise<void> {
  return generatedCatalog().seed();
}
