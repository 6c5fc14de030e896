import {
  statementTypes,
  type Company,
  type DocumentMetadata,
  type DocumentRecord,
  type EconDatabase,
  type Executive,
  type SeriesFrequency,
  type SeriesRecord,
  type Shareholder,
  type StatementType,
  type UltimateOwner,
} from "./catalog";
import { firstPublication, lastPublishedPeriod, periodDate, periodsPerYear } from "./periods";
import { createRandom, gaussian, pick, randomInt, sample, shuffle, weightedPick, type Random } from "./random";
import * as ref from "./reference-data";

/**
 * The deterministic sample catalog: item n of each kind depends only on the seed and n, so the same sizes
 * give the same catalog on every run, and `advance` can add item n+1 later.
 */

/** Bump when the generated output changes: a database seeded by another version is seeded again. */
export const GENERATOR_VERSION = 1;
const SEED = "portal-catalog";
/** Generated history ends here (not at the seeding time), so every run generates the same values. */
export const CATALOG_EPOCH = "2025-06-30T12:00:00.000Z";
const EPOCH_YEAR = Number(CATALOG_EPOCH.slice(0, 4));

/**
 * A point as stored, ordered by date then revision: `[date, value]` when it is the first value published
 * after the frequency's usual lag (most points, so the history stays compact), otherwise
 * `[date, value, revision, publishedAt]`.
 */
export type StoredPoint = [string, number] | [string, number, number, string];

/** [year, period, type, consolidated 0|1, standard, official 0|1, updatedAt, amounts of statementAccounts[type]] */
export type StoredStatement = [number, string, StatementType, number, string, number, string, number[]];

const pad = (value: number, width: number) => String(value).padStart(width, "0");

export const seriesId = (index: number) => `SR${pad(index + 1, 7)}`;
export const companyId = (index: number) => `CO${pad(index + 1, 7)}`;
const documentId = (index: number) => `DC${pad(index + 1, 7)}`;

const historyLength: Record<SeriesFrequency, number> = { daily: 120, weekly: 104, monthly: 120, quarterly: 60, annual: 30 };
const volatility: Record<SeriesFrequency, number> = { daily: 0.003, weekly: 0.006, monthly: 0.01, quarterly: 0.015, annual: 0.03 };
/** Beyond the distinct series of the layout, the same series again as published by these sources. */
const alternativeSources = ["IMF", "WB"];

const round = (value: number) => Math.round(value * 100) / 100;
const nameOf = (entries: readonly { id: string; name: string }[], id: string) => entries.find((entry) => entry.id === id)?.name ?? id;

interface TablePosition {
  database: string;
  topic: string;
  section: string;
  table: string;
  tableName: string;
}

/** The layout with its ids: DB01, TP0101, SC010101, TB01010101 by position. */
export function econLayout(): EconDatabase[] {
  return ref.layout.map((database, d) => ({
    id: `DB${pad(d + 1, 2)}`,
    name: database.name,
    topics: database.topics.map((topic, t) => ({
      id: `TP${pad(d + 1, 2)}${pad(t + 1, 2)}`,
      name: topic.name,
      sections: topic.sections.map((section, s) => ({
        id: `SC${pad(d + 1, 2)}${pad(t + 1, 2)}${pad(s + 1, 2)}`,
        name: section.name,
        tables: section.tables.map((table, b) => ({
          id: `TB${pad(d + 1, 2)}${pad(t + 1, 2)}${pad(s + 1, 2)}${pad(b + 1, 2)}`,
          name: table.name,
        })),
      })),
    })),
  }));
}

interface SeriesSlot {
  template: ref.SeriesTemplate;
  position: TablePosition;
  country: ref.Country;
  partner?: ref.Country;
  city?: string;
  breakdown?: string;
  breakdownIndex: number;
  frequency: SeriesFrequency;
}

function* enumerateSlots(): Generator<SeriesSlot> {
  const ids = econLayout();
  for (const [d, database] of ref.layout.entries()) {
    for (const [t, topic] of database.topics.entries()) {
      for (const [s, section] of topic.sections.entries()) {
        for (const [b, table] of section.tables.entries()) {
          const topicIds = ids[d]!.topics[t]!;
          const sectionIds = topicIds.sections[s]!;
          const position = {
            database: ids[d]!.id,
            topic: topicIds.id,
            section: sectionIds.id,
            table: sectionIds.tables[b]!.id,
            tableName: table.name,
          };
          for (const template of table.templates) yield* templateSlots(template, position);
        }
      }
    }
  }
}

function* templateSlots(template: ref.SeriesTemplate, position: TablePosition): Generator<SeriesSlot> {
  const breakdowns = template.breakdowns ?? [undefined];
  for (const country of ref.countries) {
    if (template.model.kind === "fx" && country.currency === "USD") continue;
    const places: { partner?: ref.Country; city?: string }[] =
      template.geography === "partner"
        ? ref.countries.filter((partner) => partner !== country).map((partner) => ({ partner }))
        : template.geography === "city"
          ? country.cities.map((city) => ({ city }))
          : [{}];
    for (const place of places) {
      for (const [breakdownIndex, breakdown] of breakdowns.entries()) {
        for (const frequency of template.frequencies) {
          yield { template, position, country, ...place, breakdown, breakdownIndex, frequency };
        }
      }
    }
  }
}

let space: readonly SeriesSlot[] | undefined;

const isHeadlineSlot = (slot: SeriesSlot) => slot.breakdownIndex === 0 && !slot.partner;

/**
 * Every distinct series of the layout in a fixed random order: first the national and city series
 * without a breakdown, then the breakdowns and trade partners, so that a small catalog is a varied one.
 */
function seriesSpace(): readonly SeriesSlot[] {
  if (!space) {
    const random = createRandom(SEED, "space");
    const slots = [...enumerateSlots()];
    space = [
      ...shuffle(random, slots.filter(isHeadlineSlot)),
      ...shuffle(
        random,
        slots.filter((slot) => !isHeadlineSlot(slot)),
      ),
    ];
  }
  return space;
}

/** How many series the generator can produce. */
export function maxSeries(): number {
  return seriesSpace().length * (1 + alternativeSources.length);
}

export interface GeneratedSeries {
  record: SeriesRecord;
  points: StoredPoint[];
  searchText: string;
}

function unitOf(template: ref.SeriesTemplate, country: ref.Country): string {
  const local = template.unit === "LCU-BN" || template.unit === "LCU" || template.unit === "LCU-PER-USD";
  return local ? ref.localUnitId(template.unit as ref.LocalUnit, country.currency) : template.unit;
}

export function unitName(unit: string): string {
  const fixed = ref.fixedUnits.find((entry) => entry.id === unit);
  if (fixed) return fixed.name;
  const [currency = unit, ...rest] = unit.split("-");
  const kind = rest.length === 0 ? "LCU" : rest.join("-") === "BN" ? "LCU-BN" : "LCU-PER-USD";
  return ref.localUnitName(kind, currency);
}

function seriesName(slot: Pick<SeriesSlot, "template" | "partner" | "breakdown" | "city" | "country" | "frequency">): string {
  const subject = slot.partner ? `${slot.template.name} ${slot.partner.name}` : slot.template.name;
  return [subject, slot.breakdown, slot.city, slot.country.name, slot.frequency].filter(Boolean).join(", ");
}

/** The series number `index` (0-based) of the catalog. */
export function generateSeries(index: number): GeneratedSeries {
  const slots = seriesSpace();
  const slot = slots[index % slots.length]!;
  const pass = Math.floor(index / slots.length);
  if (pass > alternativeSources.length) throw new RangeError(`The generator makes at most ${maxSeries()} series.`);
  const random = createRandom(SEED, "series", index);
  const { template, country, position, frequency } = slot;
  const source = pass === 0 ? template.source : alternativeSources[pass - 1]!;
  const id = seriesId(index);
  const name = pass === 0 ? seriesName(slot) : `${seriesName(slot)} (${source})`;
  const unit = unitOf(template, country);
  const discontinued = random() < 0.04;
  const headline = template.headline && isHeadlineSlot(slot) && pass === 0;
  const key = random() < (headline ? 0.5 : 0.02);
  const points = generatePoints(random, slot, discontinued);
  const first = points[0]![0];
  const last = points[points.length - 1]![0];
  const record: SeriesRecord = {
    id,
    name,
    frequency,
    unit,
    country: country.id,
    region: country.region,
    indicator: template.indicator,
    source,
    database: position.database,
    topic: position.topic,
    section: position.section,
    table: position.table,
    startDate: first,
    endDate: last,
    createdAt: publishedAt(frequency, points[0]!),
    lastUpdate: lastPublication(frequency, points),
    key,
    status: discontinued ? "discontinued" : "active",
  };
  const indicator = ref.indicatorNames[template.indicator] ?? template.indicator;
  const searchText = [id, name, indicator, unitName(unit), nameOf(ref.sources, source), position.tableName].join(" ").toLowerCase();
  return { record, points, searchText };
}

const periodDates = new Map<SeriesFrequency, Map<number, string>>();
const publications = new Map<SeriesFrequency, Map<string, string>>();

function cached<K, V>(caches: Map<SeriesFrequency, Map<K, V>>, frequency: SeriesFrequency, key: K, make: () => V): V {
  let cache = caches.get(frequency);
  if (!cache) caches.set(frequency, (cache = new Map()));
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value;
}

export function publishedAt(frequency: SeriesFrequency, point: StoredPoint): string {
  if (point.length === 4) return point[3];
  return cached(publications, frequency, point[0], () => firstPublication(frequency, point[0]));
}

/** First publications follow the dates, so only the last point and the revisions can be the latest. */
export function lastPublication(frequency: SeriesFrequency, points: readonly StoredPoint[]): string {
  let latest = publishedAt(frequency, points[points.length - 1]!);
  for (const point of points) if (point.length === 4 && point[3] > latest) latest = point[3];
  return latest;
}

function generatePoints(random: Random, slot: SeriesSlot, discontinued: boolean): StoredPoint[] {
  const { frequency } = slot;
  const length = historyLength[frequency];
  let last = lastPublishedPeriod(frequency, CATALOG_EPOCH);
  if (discontinued) last -= randomInt(random, Math.ceil(length / 4), length);
  const values = valuePath(random, slot, length);
  const first = last - length + 1;
  const points = values.map((value, i): StoredPoint => [
    cached(periodDates, frequency, first + i, () => periodDate(frequency, first + i)),
    value,
  ]);
  if (frequency === "daily" || random() >= 0.3) return points;
  return withEarlierVintages(random, frequency, points, randomInt(random, 1, 2));
}

/** The `count` points before the latest were revised when the latest was published. */
function withEarlierVintages(random: Random, frequency: SeriesFrequency, points: StoredPoint[], count: number): StoredPoint[] {
  const revisedAt = publishedAt(frequency, points[points.length - 1]!);
  const revisedFrom = points.length - 1 - count;
  return points.flatMap((point, i): StoredPoint[] => {
    if (i < revisedFrom || i === points.length - 1) return [point];
    const [date, value] = point;
    return [
      [date, round(value * (1 + 0.01 * gaussian(random)))],
      [date, value, 1, revisedAt],
    ];
  });
}

function valuePath(random: Random, slot: SeriesSlot, length: number): number[] {
  const { template, country, frequency } = slot;
  const model = template.model;
  const step = volatility[frequency];
  const perYear = periodsPerYear[frequency];
  const values: number[] = [];
  if (model.kind === "rate") {
    const mean = model.mean * (0.5 + random());
    let value = mean;
    for (let i = 0; i < length; i++) {
      value += 0.2 * (mean - value) + 0.5 * model.spread * gaussian(random);
      values.push(round(value));
    }
    return values;
  }
  if (model.kind === "fx") {
    let value = country.usdRate * (0.9 + 0.2 * random());
    for (let i = 0; i < length; i++) {
      value *= 1 + 0.1 * (country.usdRate / value - 1) + step * gaussian(random);
      values.push(round(value));
    }
    return values;
  }
  let value = model.kind === "index" ? model.base * (0.8 + 0.4 * random()) : levelBase(random, slot);
  const drift = (model.kind === "index" || model.kind === "price" ? 0.02 : 0.03) / perYear;
  for (let i = 0; i < length; i++) {
    value *= 1 + drift + step * gaussian(random);
    values.push(round(value));
  }
  return values;
}

/** The first value of a level or price series, in the series unit. */
function levelBase(random: Random, slot: SeriesSlot): number {
  const { template, country, partner, frequency } = slot;
  const model = template.model;
  const currency = template.unit === "LCU-BN" || template.unit === "LCU" ? country.usdRate : 1;
  const spread = 0.7 + 0.6 * random();
  if (model.kind === "price") return model.usd * currency * spread;
  if (model.kind !== "level") return 0;
  const part = template.parts && slot.breakdownIndex > 0 ? 0.01 + 0.09 * random() : 1;
  const partnerShare = partner ? partner.gdp / 5000 : 1;
  const perPeriod = model.flow ? periodsPerYear[frequency] : 1;
  return (model.share * country.gdp * currency * part * partnerShare * spread) / perPeriod;
}

/** The next published value of a point: a small move from the last one. */
export function nextValue(random: Random, value: number, scale: number): number {
  return round(value * (1 + scale * gaussian(random)));
}

export interface GeneratedCompany {
  company: Company;
  statements: StoredStatement[];
  searchText: string;
}

const companyTypeWeights: Record<string, number> = { public: 10, private: 70, "state-owned": 7, subsidiary: 10, cooperative: 3 };
const statusWeights: Record<string, number> = { operational: 85, dormant: 4, "in-liquidation": 3, dissolved: 5, bankrupt: 3 };

function weightedKey(random: Random, weights: Record<string, number>): string {
  return weightedPick(random, Object.keys(weights), (key) => weights[key]!);
}

function logUniform(random: Random, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
}

function personName(random: Random): string {
  return `${pick(random, ref.firstNames)} ${pick(random, ref.lastNames)}`;
}

function brandName(random: Random): string {
  return `${pick(random, ref.nameRoots)}${pick(random, ref.nameEndings)}`;
}

function isoBetween(random: Random, from: string, to: string): string {
  const start = Date.parse(from);
  return new Date(start + Math.floor(random() * (Date.parse(to) - start))).toISOString();
}

function legalFormOf(random: Random, type: string): string {
  if (type === "public") return "PLC";
  if (type === "state-owned") return "SOE";
  if (type === "cooperative") return "COOP";
  if (type === "subsidiary") return "LTD";
  return weightedKey(random, { LTD: 80, PART: 12, SOLE: 8 });
}

function shareholdersOf(random: Random, type: string, country: ref.Country): Shareholder[] {
  if (type === "state-owned") return [{ name: `Government of ${country.name}`, share: 100 }];
  const count = randomInt(random, 1, 3);
  let left = type === "public" ? 60 : 100;
  return Array.from({ length: count }, (_, i) => {
    const share = i === count - 1 ? left : Math.round(left * (0.3 + 0.4 * random()));
    left -= share;
    return { name: random() < 0.5 ? personName(random) : `${brandName(random)} Holding`, share };
  });
}

function ownerOf(random: Random, type: string, country: ref.Country): UltimateOwner | null {
  if (type === "state-owned") return { name: `Government of ${country.name}`, citizenship: country.id, birthDate: null };
  if (random() >= 0.75) return null;
  const citizenship = random() < 0.8 ? country.id : pick(random, ref.countries).id;
  return {
    name: personName(random),
    citizenship,
    birthDate: isoBetween(random, "1940-01-01T00:00:00Z", "1990-12-31T00:00:00Z").slice(0, 10),
  };
}

/** The company number `index` (0-based) of the catalog, with three years of statements. */
export function generateCompany(index: number): GeneratedCompany {
  const random = createRandom(SEED, "company", index);
  const country = weightedPick(random, ref.countries, (candidate) => Math.sqrt(candidate.gdp));
  const city = pick(random, country.cities);
  const industry = pick(random, ref.industries);
  const type = weightedKey(random, companyTypeWeights);
  const legalForm = legalFormOf(random, type);
  const localForm = ref.localLegalForm(country.id, legalForm);
  const employees = type === "public" ? logUniform(random, 500, 200_000) : logUniform(random, 1, 5_000);
  const brand = brandName(random);
  const name = `${brand} ${industry.word} ${localForm}`;
  const typeName = nameOf(ref.companyTypes, type).toLowerCase();
  const createdAt = isoBetween(random, "2016-01-01T00:00:00Z", "2025-03-31T00:00:00Z");
  const others = ref.countries.filter((candidate) => candidate !== country);
  const company: Company = {
    id: companyId(index),
    name,
    country: country.id,
    region: country.region,
    city,
    address: `${randomInt(random, 1, 250)} ${pick(random, ref.streets)}, ${city}`,
    type,
    mainIndustry: industry.id,
    secondaryIndustries: sample(
      random,
      ref.industries.filter((other) => other !== industry),
      randomInt(random, 0, 2),
    ).map((other) => other.id),
    isic: `${industry.id.slice(1)}${randomInt(random, 1, 9)}0`,
    legalForm,
    localLegalForm: localForm,
    status: weightedKey(random, statusWeights),
    employees,
    description: `${name} is a ${typeName} in ${city}, ${country.name}, active in ${industry.name.toLowerCase()}.`,
    products: sample(random, industry.products, randomInt(random, 1, 3)),
    executives: sample(random, ref.executivePositions, randomInt(random, 2, 4)).map((position): Executive => ({
      name: personName(random),
      position,
    })),
    shareholders: shareholdersOf(random, type, country),
    subsidiaries:
      employees > 200
        ? Array.from({ length: randomInt(random, 0, 3) }, () => `${brand} ${pick(random, ref.countries).name} ${localForm}`)
        : [],
    auditors: [pick(random, ref.auditors)],
    ultimateOwner: ownerOf(random, type, country),
    importCountries: sample(random, others, randomInt(random, 0, 4)).map((other) => other.id),
    exportCountries: sample(random, others, randomInt(random, 0, 4)).map((other) => other.id),
    createdAt,
    updatedAt: isoBetween(random, createdAt, CATALOG_EPOCH),
  };
  const searchText = [company.id, name, company.description, ...company.products, city].join(" ").toLowerCase();
  return { company, statements: generateStatements(random, company, country), searchText };
}

function generateStatements(random: Random, company: Company, country: ref.Country): StoredStatement[] {
  const consolidated = company.type === "public" || company.employees > 1_000 ? 1 : 0;
  const standard = company.type === "public" ? (country.id === "US" ? "US-GAAP" : "IFRS") : random() < 0.2 ? "IFRS" : "LOCAL-GAAP";
  const revenuePerEmployee = (80 + 220 * random()) * country.usdRate;
  const margin = -0.05 + 0.25 * random();
  const statements: StoredStatement[] = [];
  for (let year = EPOCH_YEAR - 3; year < EPOCH_YEAR; year++) {
    const revenue = Math.round(company.employees * revenuePerEmployee * (0.85 + 0.3 * random()));
    const operatingProfit = Math.round(revenue * margin);
    const totalAssets = Math.round(revenue * (0.8 + 1.2 * random()));
    const totalLiabilities = Math.round(totalAssets * (0.3 + 0.5 * random()));
    const netIncome = Math.round(operatingProfit * 0.75);
    const investing = -Math.round(revenue * (0.02 + 0.08 * random()));
    const amounts: Record<StatementType, number[]> = {
      "income-statement": [revenue, operatingProfit, netIncome],
      "balance-sheet": [totalAssets, totalLiabilities, totalAssets - totalLiabilities],
      "cash-flow": [Math.round(netIncome * (0.8 + 0.7 * random())), investing, Math.round(-investing * (random() - 0.5))],
    };
    for (const type of statementTypes) {
      const updatedAt = isoBetween(random, `${year + 1}-04-30T09:00:00Z`, `${year + 1}-06-29T09:00:00Z`);
      statements.push([year, "FY", type, consolidated, standard, random() < 0.85 ? 1 : 0, updatedAt, amounts[type]]);
    }
  }
  return statements;
}

export interface GeneratedDocument {
  document: DocumentRecord;
  searchText: string;
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const titlePatterns: Record<string, readonly string[]> = {
  news: [
    "{company} expands {industry} operations in {country}",
    "{country}: {topic} outlook improves in {period}",
    "Regulators in {country} review {industry} rules",
  ],
  "company-report": ["{company} annual report {year}", "{company} interim results, {period}"],
  "industry-report": ["{industry} in {country}: market outlook {year}"],
  "economic-analysis": ["{country} economy: {topic} review, {period}"],
  "press-release": ["{company} announces a new {product} offering", "{company} opens an office in {city}"],
  "regulatory-filing": ["{company} files its {year} accounts with the {country} regulator"],
  "market-research": ["{country} {product} market: size and forecast {year}"],
};

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

/** The document number `index` (0-based) of the catalog. */
export function generateDocument(index: number): GeneratedDocument {
  const random = createRandom(SEED, "document", index);
  const country = weightedPick(random, ref.countries, (candidate) => Math.sqrt(candidate.gdp));
  const industry = pick(random, ref.industries);
  const publicationType = pick(random, ref.publicationTypes);
  const topic = pick(random, ref.documentTopics);
  const source = pick(random, ref.documentSources);
  const localLanguage = ref.documentLanguages.some((language) => language.id === country.language) ? country.language : "en";
  const language = random() < 0.6 ? "en" : localLanguage;
  const publishedAt = isoBetween(random, "2023-07-01T00:00:00Z", CATALOG_EPOCH);
  const month = monthNames[Number(publishedAt.slice(5, 7)) - 1];
  const title = fill(pick(random, titlePatterns[publicationType.id]!), {
    company: `${brandName(random)} ${industry.word}`,
    industry: industry.name.toLowerCase(),
    country: country.name,
    city: pick(random, country.cities),
    topic: topic.name.toLowerCase(),
    product: pick(random, industry.products),
    period: `${month} ${publishedAt.slice(0, 4)}`,
    year: publishedAt.slice(0, 4),
  });
  const document = withDocumentContent({
    id: documentId(index),
    title,
    summary: `${publicationType.name} from ${source.name} on ${topic.name.toLowerCase()} in ${country.name}, covering ${industry.name.toLowerCase()}.`,
    country: country.id,
    language,
    format: weightedKey(random, { pdf: 50, html: 38, docx: 8, xlsx: 4 }),
    industry: industry.id,
    publicationType: publicationType.id,
    source: source.id,
    topic: topic.id,
    publishedAt,
    updatedAt: publishedAt,
  });
  return { document, searchText: [document.id, title, document.summary, source.name].join(" ").toLowerCase() };
}

const byId = <T extends { id: string; name: string }>(entries: readonly T[]) => new Map(entries.map((entry) => [entry.id, entry.name]));
const countryNames = byId(ref.countries);
const industryNames = byId(ref.industries);
const topicNames = byId(ref.documentTopics);
const sourceNames = byId(ref.documentSources);
const publicationTypeNames = byId(ref.publicationTypes);

const findingPatterns = [
  "Output in {industry} grew by {growth}% over the past twelve months, while prices rose by {inflation}%. Order books of the companies surveyed cover {months} months of production, and {share}% of them plan to hire in {year}.",
  "Demand in {industry} in {country} changed by {change}% year on year. Investment plans remain {tone}: {share}% of the companies surveyed intend to expand capacity in {year}, and financing costs are {inflation}% higher than a year ago.",
  "Revenue of the largest companies in {industry} in {country} reached {amount} billion US dollars, {growth}% more than a year earlier. Margins held up better than expected, and exports now account for {share}% of sales.",
  "Employment in {industry} rose by {growth}% while productivity improved by {inflation}%. Wage growth and energy prices remain the main cost pressures named by the companies surveyed.",
] as const;

const outlookPatterns = [
  "The outlook for {topic} in {country} is {tone} for the coming quarters. {source} will follow the indicators named in this {kind} and publish an update when new figures are released.",
  "Risks to this view include weaker external demand, tighter financing conditions and changes in regulation. Overall, {source} sees the conditions for {industry} in {country} as {tone}.",
  "For investors, this {kind} points to selective opportunities in {industry}. The figures for {topic} will be reviewed when the next official statistics for {country} are published.",
] as const;

const tones = ["stable", "favourable", "mixed", "uncertain", "cautiously positive"] as const;

/**
 * The body text of a document: a few paragraphs from its title, type, source, topic, industry and country,
 * worded the same way on every call (it is derived, never stored). A revised document says when it was revised,
 * so a change of `updatedAt` changes its content too.
 */
export function documentContent(document: DocumentMetadata): string {
  const random = createRandom(SEED, "document-content", document.id);
  const percent = (min: number, max: number) => (min + random() * (max - min)).toFixed(1);
  const values = {
    country: countryNames.get(document.country) ?? document.country,
    industry: (industryNames.get(document.industry) ?? document.industry).toLowerCase(),
    topic: (topicNames.get(document.topic) ?? document.topic).toLowerCase(),
    source: sourceNames.get(document.source) ?? document.source,
    kind: (publicationTypeNames.get(document.publicationType) ?? document.publicationType).toLowerCase(),
    year: document.publishedAt.slice(0, 4),
    growth: percent(0.5, 8),
    inflation: percent(0.5, 5),
    change: percent(-4, 9),
    share: String(randomInt(random, 12, 68)),
    months: String(randomInt(random, 2, 14)),
    amount: percent(1, 120),
    tone: pick(random, tones),
  };
  const paragraphs = [
    `${document.title.charAt(0).toUpperCase()}${document.title.slice(1)}.`,
    fill("{source} presents this {kind} on {topic} in {country}, with a focus on {industry}.", values),
    fill(pick(random, findingPatterns), values),
    fill(pick(random, outlookPatterns), values),
  ];
  if (document.updatedAt > document.publishedAt) {
    paragraphs.push(
      `Revised on ${document.updatedAt.slice(0, 10)}: the figures and the commentary reflect the information available then.`,
    );
  }
  return paragraphs.join("\n\n");
}

/** The document with its body text. */
export function withDocumentContent(document: DocumentMetadata): DocumentRecord {
  return { ...document, content: documentContent(document) };
}
