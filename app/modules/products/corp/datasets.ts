import { z } from "zod";
import type { CompanyCriteria, StatementCriteria } from "~/modules/catalog/catalog";
import { requiredChoice, requiredText } from "~/modules/forms/fields";
import type { outputOptionsSchema } from "~/modules/feeds/model";

/**
 * The provider's predefined datasets (SPEC.md sections 2 and 4): ready-made company selections a subscriber
 * generates as JSON or XML in one click. Each is a company dump of fixed criteria and output options; its
 * name and description are i18n keys under `datasets.items.{id}`.
 */

export const datasetFormats = ["json", "xml"] as const;
export type DatasetFormat = (typeof datasetFormats)[number];

export interface PredefinedDataset {
  /** A slug, stable across releases: generations are stored under it. */
  id: string;
  name: string;
  description: string;
  /** The company criteria, and which statements each company carries (the stored criteria of a company dump). */
  criteria: CompanyCriteria & { statements?: StatementCriteria };
  /** What each record carries; the format is the subscriber's choice. */
  options: Omit<z.input<typeof outputOptionsSchema>, "format">;
}

const manufacturing = ["C10", "C11", "C13", "C20", "C21", "C24", "C28", "C29"];

function dataset(id: string, criteria: PredefinedDataset["criteria"], options: PredefinedDataset["options"]): PredefinedDataset {
  return { id, name: `datasets.items.${id}.name`, description: `datasets.items.${id}.description`, criteria, options };
}

export const predefinedDatasets: readonly PredefinedDataset[] = [
  dataset(
    "european-listed-companies",
    { type: ["public"], region: ["EU"] },
    { statements: true, consolidation: "consolidated", currency: "EUR" },
  ),
  dataset(
    "north-american-listed-companies",
    { type: ["public"], region: ["NA"] },
    { statements: true, consolidation: "consolidated", currency: "USD" },
  ),
  dataset("banks-and-insurers", { mainIndustry: ["K64", "K65"], status: ["operational"] }, { statements: true, currency: "USD" }),
  dataset("energy-and-resources", { mainIndustry: ["B06", "B07", "D35"] }, { statements: true, currency: "USD" }),
  dataset(
    "asia-pacific-manufacturers",
    { region: ["AP"], mainIndustry: manufacturing, employeesFrom: 1000 },
    { statements: true, currency: "USD" },
  ),
  dataset("state-owned-enterprises", { type: ["state-owned"] }, { statements: true, currency: "LOCAL" }),
  dataset(
    "listed-companies-2024-statements",
    { type: ["public"], statements: { year: [2024], period: ["FY"], officialOnly: true } },
    { statements: true, currency: "USD" },
  ),
  dataset("companies-in-distress", { status: ["in-liquidation", "bankrupt"] }, { statements: false }),
];

export function findDataset(id: string): PredefinedDataset | undefined {
  return predefinedDatasets.find((candidate) => candidate.id === id);
}

/** A generated file, downloadable by its owner for 30 days. */
export interface DatasetFile {
  id: string;
  format: string;
  filename: string;
  size: number;
  /** Companies in the file. */
  records: number;
  downloadUrl: string;
}

export interface DatasetGeneration {
  /** The dump's id. */
  id: string;
  /** queued, running, completed, failed or cancelled */
  status: string;
  format: string;
  /** Percent done. */
  progress: number;
  processed: number;
  total: number;
  created: string;
  finished: string | null;
  files: DatasetFile[];
}

/** What the page and GET /api/corp-predefined-datasets show of each dataset. */
export interface DatasetListItem {
  id: string;
  /** i18n keys. */
  name: string;
  description: string;
  /** The user's latest generation of it, or null when never generated. */
  latest: DatasetGeneration | null;
}

/** The generate form of the page and the body of POST /api/corp-predefined-datasets; an unknown id is a 404, not a field error. */
export const generateDatasetSchema = z.object({
  datasetId: requiredText(100),
  format: requiredChoice(datasetFormats),
});
