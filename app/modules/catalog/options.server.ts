import { seriesFrequencies, type CatalogSource, type DictionaryEntry, type DictionaryKind } from "./catalog";

/** One choice of a form's select: the value posted and the label shown; `parent` narrows cascading selects. */
export interface Option {
  value: string;
  label: string;
  parent?: string;
}

function toOptions(entries: readonly DictionaryEntry[]): Option[] {
  return entries.map(({ id, name, parent }) => (parent ? { value: id, label: name, parent } : { value: id, label: name }));
}

async function dictionaries<K extends DictionaryKind>(catalog: CatalogSource, kinds: readonly K[]): Promise<Record<K, Option[]>> {
  const lists = await Promise.all(kinds.map((kind) => catalog.dictionary(kind)));
  return Object.fromEntries(kinds.map((kind, i) => [kind, toOptions(lists[i]!)])) as Record<K, Option[]>;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The portal's own choices, the same whatever catalog is behind it. */
const outputLanguages: Option[] = [
  { value: "en", label: "English" },
  { value: "zh", label: "Chinese" },
];
const outputFormats: Option[] = [
  { value: "json", label: "JSON" },
  { value: "xml", label: "XML" },
];
const deliveryMethods: Option[] = [
  { value: "platform", label: "Download from the platform" },
  { value: "ftp", label: "FTP" },
  { value: "ftps", label: "FTPS (FTP over TLS)" },
  { value: "sftp", label: "SFTP" },
];
const seriesOrderOptions: Option[] = [
  { value: "id", label: "Series id" },
  { value: "name", label: "Name" },
  { value: "updated", label: "Last update" },
];
const directionOptions: Option[] = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];
const outputCurrencies: Option[] = [
  { value: "USD", label: "US dollar" },
  { value: "EUR", label: "Euro" },
  { value: "LOCAL", label: "Local currency" },
];
const documentSearchInOptions: Option[] = [
  { value: "title", label: "Title" },
  { value: "summary", label: "Summary" },
  { value: "all", label: "Title, summary and source" },
];

/** The macroeconomic feed and dump forms: the layout as cascading selects, the dictionaries, the output choices. */
export async function econOptions(catalog: CatalogSource) {
  const [layout, lists] = await Promise.all([
    catalog.econLayout(),
    dictionaries(catalog, ["countries", "regions", "units", "indicators", "sources"] as const),
  ]);
  const topics = layout.flatMap((database) => database.topics.map((topic) => ({ topic, parent: database.id })));
  const sections = topics.flatMap(({ topic }) => topic.sections.map((section) => ({ section, parent: topic.id })));
  return {
    databases: layout.map((database) => ({ value: database.id, label: database.name })),
    topics: topics.map(({ topic, parent }) => ({ value: topic.id, label: topic.name, parent })),
    sections: sections.map(({ section, parent }) => ({ value: section.id, label: section.name, parent })),
    tables: sections.flatMap(({ section }) => section.tables.map((table) => ({ value: table.id, label: table.name, parent: section.id }))),
    frequencies: seriesFrequencies.map((frequency) => ({ value: frequency, label: capitalise(frequency) })),
    ...lists,
    languages: outputLanguages,
    formats: outputFormats,
    orders: seriesOrderOptions,
    directions: directionOptions,
    deliveryMethods,
  };
}

/** The company feed and dump forms. */
export async function corpCompanyOptions(catalog: CatalogSource) {
  const lists = await dictionaries(catalog, [
    "countries",
    "regions",
    "companyTypes",
    "industries",
    "legalForms",
    "companyStatuses",
    "statementTypes",
    "financialStandards",
  ] as const);
  return {
    countries: lists.countries,
    regions: lists.regions,
    types: lists.companyTypes,
    industries: lists.industries,
    legalForms: lists.legalForms,
    statuses: lists.companyStatuses,
    statementTypes: lists.statementTypes,
    financialStandards: lists.financialStandards,
    currencies: outputCurrencies,
    formats: outputFormats,
    deliveryMethods,
  };
}

/** The documents feed form. */
export async function documentsOptions(catalog: CatalogSource) {
  const lists = await dictionaries(catalog, [
    "countries",
    "documentLanguages",
    "documentFormats",
    "industries",
    "publicationTypes",
    "documentSources",
    "documentTopics",
  ] as const);
  return {
    countries: lists.countries,
    languages: lists.documentLanguages,
    formats: lists.documentFormats,
    industries: lists.industries,
    publicationTypes: lists.publicationTypes,
    sources: lists.documentSources,
    topics: lists.documentTopics,
    searchIn: documentSearchInOptions,
    deliveryFormats: outputFormats,
  };
}
