import { encodeMessage } from "~/modules/forms/messages";
import type { CatalogSource, Company, CompanyCriteria, DocumentCriteria, DocumentRecord, SeriesCriteria } from "./catalog";

/** SPEC.md section 9: previews list at most 500 series, and the first 5 companies of at most 100 ids. */
const SERIES_PREVIEW_LIMIT = 500;
const COMPANY_PREVIEW_SIZE = 5;
export const COMPANY_PREVIEW_MAX_IDS = 100;
const DOCUMENT_PREVIEW_SIZE = 5;

/** A preview, or the message (an i18n key, see forms/messages.ts) saying why there is none. */
export type Preview<T> = { ok: true; total: number; items: T[] } | { ok: false; error: string };

export interface SeriesPreviewRow {
  id: string;
  name: string;
  frequency: string;
  /** Unit and country names, as the preview table shows them. */
  unit: string;
  country: string;
  lastUpdate: string;
}

/** The series a macroeconomic feed or dump would select: the database is mandatory (SPEC.md section 5). */
export async function previewSeries(catalog: CatalogSource, criteria: SeriesCriteria): Promise<Preview<SeriesPreviewRow>> {
  if (!criteria.database) return { ok: false, error: encodeMessage("validation.selectDatabase") };
  const [{ total, items: series }, units, countries] = await Promise.all([
    catalog.searchSeriesWithTotal(criteria, { offset: 0, limit: SERIES_PREVIEW_LIMIT }),
    catalog.dictionary("units"),
    catalog.dictionary("countries"),
  ]);
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const countryNames = new Map(countries.map((country) => [country.id, country.name]));
  const items = series.map((item) => ({
    id: item.id,
    name: item.name,
    frequency: item.frequency,
    unit: unitNames.get(item.unit) ?? item.unit,
    country: countryNames.get(item.country) ?? item.country,
    lastUpdate: item.lastUpdate,
  }));
  return { ok: true, total, items };
}

/** The first companies a company feed or dump would select; a preview takes at most 100 ids. */
export async function previewCompanies(catalog: CatalogSource, criteria: CompanyCriteria): Promise<Preview<Company>> {
  const ids = new Set(criteria.companyIds ?? []);
  if (ids.size > COMPANY_PREVIEW_MAX_IDS) {
    return { ok: false, error: encodeMessage("validation.tooManyPreviewIds", { max: COMPANY_PREVIEW_MAX_IDS }) };
  }
  const [total, items] = await Promise.all([
    catalog.countCompanies(criteria),
    catalog.companyPage(criteria, { limit: COMPANY_PREVIEW_SIZE }),
  ]);
  return { ok: true, total, items };
}

/** The first documents a documents feed would deliver. */
export async function previewDocuments(catalog: CatalogSource, criteria: DocumentCriteria): Promise<Preview<DocumentRecord>> {
  const [total, items] = await Promise.all([
    catalog.countDocuments(criteria),
    catalog.documentPage(criteria, { limit: DOCUMENT_PREVIEW_SIZE }),
  ]);
  return { ok: true, total, items };
}
