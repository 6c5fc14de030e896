import { CATALOG_EPOCH } from "~/modules/catalog/generator";
import { gaussian, pick, randomInt, sample } from "~/modules/catalog/random";
import { countries, firstNames, lastNames, nameRoots, streets } from "~/modules/catalog/reference-data";
import { matchesKeyword, round, seeded } from "./seeded";

/**
 * The Real Estate API's city markets, indicators and buildings, derived from the catalog's countries and
 * cities with a seeded generator.
 */

export const segments = ["office", "retail", "industrial", "residential", "hotel"] as const;
export type Segment = (typeof segments)[number];
export type Frequency = "monthly" | "quarterly" | "annual";

export interface Market {
  id: string;
  name: string;
  country: string;
  currency: string;
  segments: Segment[];
  stock_sqm: number;
  vacancy_rate: number;
  updated: string;
}

export interface Indicator {
  code: string;
  name: string;
  description: string;
  segment: Segment;
  unit: string;
  frequency: Frequency;
}

const LOCAL = "LCU";

export const indicators: readonly Indicator[] = [
  {
    code: "office_rent",
    name: "Office rent",
    description: "Average asking rent of grade A offices per square metre per month.",
    segment: "office",
    unit: `${LOCAL}/sqm/month`,
    frequency: "quarterly",
  },
  {
    code: "office_vacancy",
    name: "Office vacancy",
    description: "Vacant share of the office stock.",
    segment: "office",
    unit: "%",
    frequency: "quarterly",
  },
  {
    code: "office_yield",
    name: "Office prime yield",
    description: "Net initial yield of prime office investments.",
    segment: "office",
    unit: "%",
    frequency: "quarterly",
  },
  {
    code: "office_stock",
    name: "Office stock",
    description: "Total office floor area.",
    segment: "office",
    unit: "sqm",
    frequency: "quarterly",
  },
  {
    code: "retail_rent",
    name: "Retail rent",
    description: "Average asking rent of shopping centre space per square metre per month.",
    segment: "retail",
    unit: `${LOCAL}/sqm/month`,
    frequency: "quarterly",
  },
  {
    code: "retail_vacancy",
    name: "Retail vacancy",
    description: "Vacant share of the retail stock.",
    segment: "retail",
    unit: "%",
    frequency: "quarterly",
  },
  {
    code: "industrial_rent",
    name: "Logistics rent",
    description: "Average asking rent of warehouse space per square metre per month.",
    segment: "industrial",
    unit: `${LOCAL}/sqm/month`,
    frequency: "quarterly",
  },
  {
    code: "industrial_vacancy",
    name: "Logistics vacancy",
    description: "Vacant share of the warehouse stock.",
    segment: "industrial",
    unit: "%",
    frequency: "quarterly",
  },
  {
    code: "residential_price",
    name: "Residential price",
    description: "Average price of new apartments per square metre.",
    segment: "residential",
    unit: `${LOCAL}/sqm`,
    frequency: "monthly",
  },
  {
    code: "residential_rent",
    name: "Residential rent",
    description: "Average rent of apartments per square metre per month.",
    segment: "residential",
    unit: `${LOCAL}/sqm/month`,
    frequency: "monthly",
  },
  {
    code: "hotel_occupancy",
    name: "Hotel occupancy",
    description: "Occupied share of hotel rooms.",
    segment: "hotel",
    unit: "%",
    frequency: "monthly",
  },
  {
    code: "hotel_adr",
    name: "Hotel average daily rate",
    description: "Average room rate per night.",
    segment: "hotel",
    unit: LOCAL,
    frequency: "monthly",
  },
];

/** The quarter the latest figures cover: the last one that ended six weeks before the catalog's epoch. */
const LATEST_QUARTER_END = "2025-03-31";

function cityCode(city: string): string {
  return city
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
}

function buildMarkets(): Market[] {
  return countries.flatMap((country) =>
    country.cities.map((city, index) => {
      const random = seeded("market", country.id, index);
      const tracked = ["office", ...sample(random, segments.slice(1), randomInt(random, 1, 4))] as Segment[];
      return {
        id: `${country.id}-${cityCode(city)}${index === 0 ? "" : index + 1}`,
        name: city,
        country: country.id,
        currency: country.currency,
        segments: segments.filter((segment) => tracked.includes(segment)),
        stock_sqm: Math.round(Math.sqrt(country.gdp) * (40_000 + random() * 80_000)),
        vacancy_rate: round(4 + random() * 18, 1),
        updated: LATEST_QUARTER_END,
      };
    }),
  );
}

export const markets: readonly Market[] = buildMarkets();

export interface Observation {
  date: string;
  value: number;
}

const SERIES_FROM_YEAR = 2015;

/** Period end dates from 2015 to the latest quarter covered. */
export function periodEnds(frequency: Frequency): string[] {
  const months = frequency === "monthly" ? 1 : frequency === "quarterly" ? 3 : 12;
  const dates: string[] = [];
  for (let month = months; ; month += months) {
    const end = new Date(Date.UTC(SERIES_FROM_YEAR, month, 0)).toISOString().slice(0, 10);
    if (end > LATEST_QUARTER_END && frequency !== "annual") return dates;
    if (end > CATALOG_EPOCH.slice(0, 10)) return dates;
    dates.push(end);
  }
}

function startLevel(indicator: Indicator, usdRate: number): number {
  if (indicator.unit === "%") return indicator.code.endsWith("yield") ? 5.5 : indicator.code === "hotel_occupancy" ? 68 : 12;
  if (indicator.unit === "sqm") return 2_000_000;
  if (indicator.code === "residential_price") return 3000 * usdRate;
  if (indicator.code === "hotel_adr") return 120 * usdRate;
  return 25 * usdRate;
}

/** An indicator of a market over time: a seeded random walk, the same for every call. */
export function observations(market: Market, indicator: Indicator, frequency: Frequency): Observation[] {
  const random = seeded("observations", market.id, indicator.code, frequency);
  const usdRate = countries.find((country) => country.id === market.country)?.usdRate ?? 1;
  let value = startLevel(indicator, usdRate) * (0.7 + 0.6 * random());
  const bounded = indicator.unit === "%";
  return periodEnds(frequency).map((date) => {
    value = value * (1 + 0.012 * gaussian(random) + (bounded ? 0 : 0.004));
    if (bounded) value = Math.min(Math.max(value, 0.5), 95);
    return { date, value: round(value, 2) };
  });
}

export interface Property {
  id: string;
  name: string;
  market_id: string;
  address: string;
  segment: Segment;
  grade: "A" | "B" | "C";
  gross_area_sqm: number;
  floors: number;
  year_built: number;
  occupancy_rate: number;
  asking_rent: number;
  last_transaction?: { date: string; price: number; buyer: string };
}

const PROPERTIES_PER_MARKET = 25;
const buildingWords: Record<Segment, readonly string[]> = {
  office: ["Tower", "Plaza", "Business Centre", "House"],
  retail: ["Mall", "Shopping Centre", "Arcade"],
  industrial: ["Logistics Park", "Distribution Centre"],
  residential: ["Residences", "Gardens", "Court"],
  hotel: ["Hotel", "Grand Hotel", "Suites"],
};

function generateProperty(market: Market, marketIndex: number, index: number): Property {
  const random = seeded("property", market.id, index);
  const segment = pick(random, market.segments);
  const area = Math.round(segment === "industrial" ? 10_000 + random() * 90_000 : 3_000 + random() * 60_000);
  const yearBuilt = randomInt(random, 1975, 2024);
  const usdRate = countries.find((country) => country.id === market.country)?.usdRate ?? 1;
  const traded = random() < 0.6;
  return {
    id: `P-${String(marketIndex * PROPERTIES_PER_MARKET + index + 1).padStart(6, "0")}`,
    name: `${pick(random, nameRoots)} ${pick(random, buildingWords[segment])}`,
    market_id: market.id,
    address: `${randomInt(random, 1, 300)} ${pick(random, streets)}, ${market.name}`,
    segment,
    grade: yearBuilt > 2010 ? "A" : yearBuilt > 1995 ? "B" : "C",
    gross_area_sqm: area,
    floors: segment === "industrial" ? randomInt(random, 1, 2) : randomInt(random, 3, 60),
    year_built: yearBuilt,
    occupancy_rate: round(70 + random() * 30, 1),
    asking_rent: round((10 + random() * 40) * usdRate, 2),
    ...(traded
      ? {
          last_transaction: {
            date: `${randomInt(random, Math.max(yearBuilt, 2005), 2024)}-${String(randomInt(random, 1, 12)).padStart(2, "0")}-15`,
            price: Math.round(area * (1500 + random() * 4000) * usdRate),
            buyer: `${pick(random, firstNames)} ${pick(random, lastNames)} Real Estate Fund`,
          },
        }
      : {}),
  };
}

export const properties: readonly Property[] = markets.flatMap((market, marketIndex) =>
  Array.from({ length: PROPERTIES_PER_MARKET }, (_, index) => generateProperty(market, marketIndex, index)),
);

export interface PropertyQuery {
  keyword?: string;
  marketId?: string;
  segment?: string;
  minArea?: number;
  maxArea?: number;
  grade?: string;
}

export function matchesProperty(property: Property, query: PropertyQuery): boolean {
  if (query.marketId && property.market_id !== query.marketId) return false;
  if ((query.segment && property.segment !== query.segment) || (query.grade && property.grade !== query.grade)) return false;
  if (query.minArea !== undefined && property.gross_area_sqm < query.minArea) return false;
  if (query.maxArea !== undefined && property.gross_area_sqm > query.maxArea) return false;
  return matchesKeyword(`${property.name} ${property.address}`, query.keyword);
}
