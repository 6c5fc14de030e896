import type { Selectable } from "kysely";
import type { CatalogCompanyTable, CatalogDocumentTable, CatalogSeriesTable } from "~/modules/db/schema";
import { seriesFrequencies, type Company, type DocumentRecord, type SeriesFrequency, type SeriesRecord } from "./catalog";
import {
  withDocumentContent,
  type GeneratedCompany,
  type GeneratedDocument,
  type GeneratedSeries,
  type StoredPoint,
  type StoredStatement,
} from "./generator";

// The catalog's rows and the records they hold, both ways; only the seed and advance write the JSON columns.

export function toFrequency(value: string): SeriesFrequency {
  const frequency = seriesFrequencies.find((known) => known === value);
  if (!frequency) throw new Error(`The catalog holds a series of unknown frequency "${value}".`);
  return frequency;
}

export function parsePoints(json: string): StoredPoint[] {
  return JSON.parse(json);
}

export function parseStatements(json: string): StoredStatement[] {
  return JSON.parse(json);
}

function parseList<T>(json: string): T[] {
  return JSON.parse(json);
}

/** The columns a SeriesRecord is made of: every one but the search text, which pages of series need not carry. */
export const seriesRecordColumns = [
  "id",
  "name",
  "frequency",
  "unit",
  "country",
  "region",
  "indicator",
  "source",
  "database_id",
  "topic_id",
  "section_id",
  "table_id",
  "start_date",
  "end_date",
  "created_at",
  "last_update",
  "is_key",
  "status",
] as const satisfies readonly (keyof CatalogSeriesTable)[];

export function toSeriesRecord(row: Pick<Selectable<CatalogSeriesTable>, (typeof seriesRecordColumns)[number]>): SeriesRecord {
  return {
    id: row.id,
    name: row.name,
    frequency: toFrequency(row.frequency),
    unit: row.unit,
    country: row.country,
    region: row.region,
    indicator: row.indicator,
    source: row.source,
    database: row.database_id,
    topic: row.topic_id,
    section: row.section_id,
    table: row.table_id,
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: row.created_at,
    lastUpdate: row.last_update,
    key: row.is_key === 1,
    status: row.status === "discontinued" ? "discontinued" : "active",
  };
}

export function seriesRow({ record, searchText }: GeneratedSeries): Selectable<CatalogSeriesTable> {
  return {
    id: record.id,
    name: record.name,
    frequency: record.frequency,
    unit: record.unit,
    country: record.country,
    region: record.region,
    indicator: record.indicator,
    source: record.source,
    database_id: record.database,
    topic_id: record.topic,
    section_id: record.section,
    table_id: record.table,
    start_date: record.startDate,
    end_date: record.endDate,
    created_at: record.createdAt,
    last_update: record.lastUpdate,
    is_key: record.key ? 1 : 0,
    status: record.status,
    search_text: searchText,
  };
}

export function toCompany(row: Selectable<CatalogCompanyTable>): Company {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    city: row.city,
    address: row.address,
    type: row.type,
    mainIndustry: row.main_industry,
    secondaryIndustries: parseList(row.secondary_industries),
    isic: row.isic,
    legalForm: row.legal_form,
    localLegalForm: row.local_legal_form,
    status: row.status,
    employees: row.employees,
    description: row.description,
    products: parseList(row.products),
    executives: parseList(row.executives),
    shareholders: parseList(row.shareholders),
    subsidiaries: parseList(row.subsidiaries),
    auditors: parseList(row.auditors),
    ultimateOwner:
      row.owner_name === null ? null : { name: row.owner_name, citizenship: row.owner_citizenship ?? "", birthDate: row.owner_birth_date },
    importCountries: parseList(row.import_countries),
    exportCountries: parseList(row.export_countries),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function companyRow({ company, searchText }: GeneratedCompany): Selectable<CatalogCompanyTable> {
  return {
    id: company.id,
    name: company.name,
    country: company.country,
    region: company.region,
    city: company.city,
    address: company.address,
    type: company.type,
    main_industry: company.mainIndustry,
    secondary_industries: JSON.stringify(company.secondaryIndustries),
    isic: company.isic,
    legal_form: company.legalForm,
    local_legal_form: company.localLegalForm,
    status: company.status,
    employees: company.employees,
    description: company.description,
    products: JSON.stringify(company.products),
    executives: JSON.stringify(company.executives),
    shareholders: JSON.stringify(company.shareholders),
    subsidiaries: JSON.stringify(company.subsidiaries),
    auditors: JSON.stringify(company.auditors),
    owner_name: company.ultimateOwner?.name ?? null,
    owner_citizenship: company.ultimateOwner?.citizenship ?? null,
    owner_birth_date: company.ultimateOwner?.birthDate ?? null,
    import_countries: JSON.stringify(company.importCountries),
    export_countries: JSON.stringify(company.exportCountries),
    search_text: searchText,
    created_at: company.createdAt,
    updated_at: company.updatedAt,
  };
}

/** The stored metadata with its body text, derived from it on read (documentContent). */
export function toDocument(row: Selectable<CatalogDocumentTable>): DocumentRecord {
  return withDocumentContent({
    id: row.id,
    title: row.title,
    summary: row.summary,
    country: row.country,
    language: row.language,
    format: row.format,
    industry: row.industry,
    publicationType: row.publication_type,
    source: row.source,
    topic: row.topic,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  });
}

export function documentRow({ document, searchText }: GeneratedDocument): Selectable<CatalogDocumentTable> {
  return {
    id: document.id,
    title: document.title,
    summary: document.summary,
    country: document.country,
    language: document.language,
    format: document.format,
    industry: document.industry,
    publication_type: document.publicationType,
    source: document.source,
    topic: document.topic,
    search_text: searchText,
    published_at: document.publishedAt,
    updated_at: document.updatedAt,
  };
}
