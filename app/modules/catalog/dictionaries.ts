import type { DictionaryEntry, DictionaryKind } from "./catalog";
import { unitName } from "./generator";
import * as ref from "./reference-data";

const currencies = [...new Set(ref.countries.map((country) => country.currency))];

function units(): DictionaryEntry[] {
  const local = currencies.flatMap((currency) =>
    (["LCU-BN", "LCU", "LCU-PER-USD"] as const).map((kind) => ref.localUnitId(kind, currency)),
  );
  const ids = [...new Set([...ref.fixedUnits.map((unit) => unit.id), ...local])].filter((id) => id !== "USD-PER-USD");
  return ids.map((id) => ({ id, name: unitName(id) }));
}

const entries = (list: readonly { id: string; name: string }[]): DictionaryEntry[] => list.map(({ id, name }) => ({ id, name }));

const builders: Record<DictionaryKind, () => DictionaryEntry[]> = {
  countries: () => ref.countries.map((country) => ({ id: country.id, name: country.name, parent: country.region })),
  regions: () => entries(ref.regions),
  cities: () =>
    ref.countries.flatMap((country) =>
      country.cities.map((city, i) => ({ id: `${country.id}-${String(i + 1).padStart(2, "0")}`, name: city, parent: country.id })),
    ),
  sources: () => entries(ref.sources),
  units,
  indicators: () => Object.entries(ref.indicatorNames).map(([id, name]) => ({ id, name })),
  currencies: () =>
    currencies.map((id) => ({
      id,
      name: ref.currencyNames[id] ?? id,
      usdRate: ref.countries.find((country) => country.currency === id)!.usdRate,
    })),
  legalForms: () => entries(ref.legalForms),
  industries: () => entries(ref.industries),
  companyTypes: () => entries(ref.companyTypes),
  companyStatuses: () => entries(ref.companyStatuses),
  statementTypes: () => Object.entries(ref.statementTypeNames).map(([id, name]) => ({ id, name })),
  financialStandards: () => entries(ref.financialStandards),
  documentLanguages: () => entries(ref.documentLanguages),
  documentFormats: () => entries(ref.documentFormats),
  publicationTypes: () => entries(ref.publicationTypes),
  documentSources: () => entries(ref.documentSources),
  documentTopics: () => entries(ref.documentTopics),
};

/** The generated catalog's dictionaries: fixed reference data, the same in every database. */
export function dictionaryEntries(kind: DictionaryKind): DictionaryEntry[] {
  return builders[kind]();
}
