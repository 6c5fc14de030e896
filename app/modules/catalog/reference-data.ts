import type { SeriesFrequency, StatementType } from "./catalog";

/** The fixed vocabularies of the generated catalog: what its dictionaries list and its items refer to. */

export interface Region {
  id: string;
  name: string;
}

export const regions: readonly Region[] = [
  { id: "EU", name: "Europe" },
  { id: "NA", name: "North America" },
  { id: "LA", name: "Latin America" },
  { id: "AP", name: "Asia Pacific" },
  { id: "ME", name: "Middle East" },
  { id: "AF", name: "Africa" },
];

export interface Country {
  id: string;
  name: string;
  region: string;
  currency: string;
  /** Units of the currency per US dollar. */
  usdRate: number;
  /** Approximate GDP in USD bn: scales the generated levels. */
  gdp: number;
  language: string;
  cities: readonly string[];
}

export const countries: readonly Country[] = [
  { id: "DE", name: "Germany", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 4500, language: "de", cities: ["Berlin", "Munich"] },
  { id: "FR", name: "France", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 3000, language: "fr", cities: ["Paris", "Lyon"] },
  {
    id: "GB",
    name: "United Kingdom",
    region: "EU",
    currency: "GBP",
    usdRate: 0.79,
    gdp: 3300,
    language: "en",
    cities: ["London", "Manchester"],
  },
  { id: "IT", name: "Italy", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 2200, language: "it", cities: ["Rome", "Milan"] },
  { id: "ES", name: "Spain", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 1600, language: "es", cities: ["Madrid", "Barcelona"] },
  {
    id: "NL",
    name: "Netherlands",
    region: "EU",
    currency: "EUR",
    usdRate: 0.92,
    gdp: 1100,
    language: "nl",
    cities: ["Amsterdam", "Rotterdam"],
  },
  { id: "PL", name: "Poland", region: "EU", currency: "PLN", usdRate: 4.0, gdp: 840, language: "pl", cities: ["Warsaw", "Krakow"] },
  { id: "SE", name: "Sweden", region: "EU", currency: "SEK", usdRate: 10.5, gdp: 590, language: "sv", cities: ["Stockholm", "Gothenburg"] },
  { id: "CH", name: "Switzerland", region: "EU", currency: "CHF", usdRate: 0.88, gdp: 880, language: "de", cities: ["Zurich", "Geneva"] },
  { id: "TR", name: "Turkey", region: "EU", currency: "TRY", usdRate: 32, gdp: 1100, language: "tr", cities: ["Istanbul", "Ankara"] },
  {
    id: "RU",
    name: "Russia",
    region: "EU",
    currency: "RUB",
    usdRate: 90,
    gdp: 2000,
    language: "ru",
    cities: ["Moscow", "Saint Petersburg"],
  },
  { id: "CZ", name: "Czechia", region: "EU", currency: "CZK", usdRate: 23, gdp: 330, language: "cs", cities: ["Prague", "Brno"] },
  { id: "HU", name: "Hungary", region: "EU", currency: "HUF", usdRate: 360, gdp: 210, language: "hu", cities: ["Budapest", "Debrecen"] },
  {
    id: "RO",
    name: "Romania",
    region: "EU",
    currency: "RON",
    usdRate: 4.6,
    gdp: 350,
    language: "ro",
    cities: ["Bucharest", "Cluj-Napoca"],
  },
  { id: "UA", name: "Ukraine", region: "EU", currency: "UAH", usdRate: 39, gdp: 180, language: "uk", cities: ["Kyiv", "Lviv"] },
  { id: "NO", name: "Norway", region: "EU", currency: "NOK", usdRate: 10.7, gdp: 490, language: "no", cities: ["Oslo", "Bergen"] },
  { id: "AT", name: "Austria", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 520, language: "de", cities: ["Vienna", "Graz"] },
  { id: "BE", name: "Belgium", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 630, language: "fr", cities: ["Brussels", "Antwerp"] },
  { id: "PT", name: "Portugal", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 290, language: "pt", cities: ["Lisbon", "Porto"] },
  { id: "GR", name: "Greece", region: "EU", currency: "EUR", usdRate: 0.92, gdp: 240, language: "el", cities: ["Athens", "Thessaloniki"] },
  {
    id: "US",
    name: "United States",
    region: "NA",
    currency: "USD",
    usdRate: 1,
    gdp: 27000,
    language: "en",
    cities: ["New York", "Chicago"],
  },
  { id: "CA", name: "Canada", region: "NA", currency: "CAD", usdRate: 1.36, gdp: 2100, language: "en", cities: ["Toronto", "Vancouver"] },
  {
    id: "MX",
    name: "Mexico",
    region: "NA",
    currency: "MXN",
    usdRate: 17.5,
    gdp: 1800,
    language: "es",
    cities: ["Mexico City", "Monterrey"],
  },
  {
    id: "BR",
    name: "Brazil",
    region: "LA",
    currency: "BRL",
    usdRate: 5.1,
    gdp: 2200,
    language: "pt",
    cities: ["Sao Paulo", "Rio de Janeiro"],
  },
  {
    id: "AR",
    name: "Argentina",
    region: "LA",
    currency: "ARS",
    usdRate: 880,
    gdp: 640,
    language: "es",
    cities: ["Buenos Aires", "Cordoba"],
  },
  { id: "CL", name: "Chile", region: "LA", currency: "CLP", usdRate: 940, gdp: 340, language: "es", cities: ["Santiago", "Valparaiso"] },
  { id: "CO", name: "Colombia", region: "LA", currency: "COP", usdRate: 3900, gdp: 360, language: "es", cities: ["Bogota", "Medellin"] },
  { id: "PE", name: "Peru", region: "LA", currency: "PEN", usdRate: 3.7, gdp: 270, language: "es", cities: ["Lima", "Arequipa"] },
  { id: "CN", name: "China", region: "AP", currency: "CNY", usdRate: 7.2, gdp: 18000, language: "zh", cities: ["Beijing", "Shanghai"] },
  { id: "JP", name: "Japan", region: "AP", currency: "JPY", usdRate: 150, gdp: 4200, language: "ja", cities: ["Tokyo", "Osaka"] },
  { id: "IN", name: "India", region: "AP", currency: "INR", usdRate: 83, gdp: 3600, language: "en", cities: ["Mumbai", "Delhi"] },
  { id: "KR", name: "South Korea", region: "AP", currency: "KRW", usdRate: 1350, gdp: 1700, language: "ko", cities: ["Seoul", "Busan"] },
  {
    id: "ID",
    name: "Indonesia",
    region: "AP",
    currency: "IDR",
    usdRate: 15800,
    gdp: 1400,
    language: "id",
    cities: ["Jakarta", "Surabaya"],
  },
  { id: "AU", name: "Australia", region: "AP", currency: "AUD", usdRate: 1.52, gdp: 1700, language: "en", cities: ["Sydney", "Melbourne"] },
  { id: "TH", name: "Thailand", region: "AP", currency: "THB", usdRate: 36, gdp: 510, language: "th", cities: ["Bangkok", "Chiang Mai"] },
  { id: "MY", name: "Malaysia", region: "AP", currency: "MYR", usdRate: 4.7, gdp: 400, language: "ms", cities: ["Kuala Lumpur", "Penang"] },
  {
    id: "VN",
    name: "Vietnam",
    region: "AP",
    currency: "VND",
    usdRate: 25000,
    gdp: 430,
    language: "vi",
    cities: ["Hanoi", "Ho Chi Minh City"],
  },
  { id: "PH", name: "Philippines", region: "AP", currency: "PHP", usdRate: 56, gdp: 440, language: "en", cities: ["Manila", "Cebu"] },
  { id: "SG", name: "Singapore", region: "AP", currency: "SGD", usdRate: 1.34, gdp: 500, language: "en", cities: ["Singapore"] },
  {
    id: "NZ",
    name: "New Zealand",
    region: "AP",
    currency: "NZD",
    usdRate: 1.64,
    gdp: 250,
    language: "en",
    cities: ["Auckland", "Wellington"],
  },
  { id: "PK", name: "Pakistan", region: "AP", currency: "PKR", usdRate: 280, gdp: 340, language: "en", cities: ["Karachi", "Lahore"] },
  { id: "HK", name: "Hong Kong SAR, China", region: "AP", currency: "HKD", usdRate: 7.8, gdp: 380, language: "zh", cities: ["Hong Kong"] },
  { id: "SA", name: "Saudi Arabia", region: "ME", currency: "SAR", usdRate: 3.75, gdp: 1100, language: "ar", cities: ["Riyadh", "Jeddah"] },
  {
    id: "AE",
    name: "United Arab Emirates",
    region: "ME",
    currency: "AED",
    usdRate: 3.67,
    gdp: 500,
    language: "ar",
    cities: ["Dubai", "Abu Dhabi"],
  },
  { id: "IL", name: "Israel", region: "ME", currency: "ILS", usdRate: 3.7, gdp: 510, language: "he", cities: ["Tel Aviv", "Jerusalem"] },
  { id: "EG", name: "Egypt", region: "ME", currency: "EGP", usdRate: 48, gdp: 400, language: "ar", cities: ["Cairo", "Alexandria"] },
  {
    id: "ZA",
    name: "South Africa",
    region: "AF",
    currency: "ZAR",
    usdRate: 18.5,
    gdp: 380,
    language: "en",
    cities: ["Johannesburg", "Cape Town"],
  },
  { id: "NG", name: "Nigeria", region: "AF", currency: "NGN", usdRate: 1400, gdp: 360, language: "en", cities: ["Lagos", "Abuja"] },
  { id: "KE", name: "Kenya", region: "AF", currency: "KES", usdRate: 130, gdp: 110, language: "en", cities: ["Nairobi", "Mombasa"] },
  { id: "MA", name: "Morocco", region: "AF", currency: "MAD", usdRate: 10, gdp: 140, language: "fr", cities: ["Casablanca", "Rabat"] },
];

export const currencyNames: Readonly<Record<string, string>> = {
  EUR: "Euro",
  GBP: "Pound sterling",
  PLN: "Polish zloty",
  SEK: "Swedish krona",
  CHF: "Swiss franc",
  TRY: "Turkish lira",
  RUB: "Russian rouble",
  CZK: "Czech koruna",
  HUF: "Hungarian forint",
  RON: "Romanian leu",
  UAH: "Ukrainian hryvnia",
  NOK: "Norwegian krone",
  USD: "US dollar",
  CAD: "Canadian dollar",
  MXN: "Mexican peso",
  BRL: "Brazilian real",
  ARS: "Argentine peso",
  CLP: "Chilean peso",
  COP: "Colombian peso",
  PEN: "Peruvian sol",
  CNY: "Chinese yuan renminbi",
  JPY: "Japanese yen",
  INR: "Indian rupee",
  KRW: "South Korean won",
  IDR: "Indonesian rupiah",
  AUD: "Australian dollar",
  THB: "Thai baht",
  MYR: "Malaysian ringgit",
  VND: "Vietnamese dong",
  PHP: "Philippine peso",
  SGD: "Singapore dollar",
  NZD: "New Zealand dollar",
  PKR: "Pakistani rupee",
  HKD: "Hong Kong dollar",
  SAR: "Saudi riyal",
  AED: "UAE dirham",
  ILS: "Israeli new shekel",
  EGP: "Egyptian pound",
  ZAR: "South African rand",
  NGN: "Nigerian naira",
  KES: "Kenyan shilling",
  MAD: "Moroccan dirham",
};

export interface Source {
  id: string;
  name: string;
}

export const sources: readonly Source[] = [
  { id: "NSO", name: "National statistical office" },
  { id: "CB", name: "Central bank" },
  { id: "MOF", name: "Ministry of finance" },
  { id: "CUSTOMS", name: "Customs administration" },
  { id: "EXCHANGE", name: "Stock exchange" },
  { id: "ENERGY", name: "Energy agency" },
  { id: "AGRICULTURE", name: "Ministry of agriculture" },
  { id: "SURVEY", name: "Business survey institute" },
  { id: "IMF", name: "International Monetary Fund" },
  { id: "WB", name: "World Bank" },
];

/** Units that do not depend on the country; local-currency units are derived per currency. */
export const fixedUnits: readonly { id: string; name: string }[] = [
  { id: "IDX2015", name: "Index 2015=100" },
  { id: "IDX-PTS", name: "Index points" },
  { id: "PCT", name: "%" },
  { id: "PCT-YOY", name: "% y/y" },
  { id: "PCT-GDP", name: "% of GDP" },
  { id: "PCT-PA", name: "% per annum" },
  { id: "PCT-BAL", name: "% balance" },
  { id: "USD", name: "USD" },
  { id: "USD-MN", name: "USD mn" },
  { id: "USD-BN", name: "USD bn" },
  { id: "PERSONS-TH", name: "Persons th" },
  { id: "BBL-TH-D", name: "Barrels th per day" },
  { id: "GWH", name: "GWh" },
  { id: "TONNES-TH", name: "Tonnes th" },
];

/** Local-currency units: the template names the kind, the country's currency completes the code. */
export type LocalUnit = "LCU-BN" | "LCU" | "LCU-PER-USD";

export function localUnitId(kind: LocalUnit, currency: string): string {
  if (kind === "LCU-BN") return `${currency}-BN`;
  if (kind === "LCU-PER-USD") return `${currency}-PER-USD`;
  return currency;
}

export function localUnitName(kind: LocalUnit, currency: string): string {
  if (kind === "LCU-BN") return `${currency} bn`;
  if (kind === "LCU-PER-USD") return `${currency} per USD`;
  return currency;
}

/**
 * How generated values move: a level (share of the country's GDP in USD bn, converted to the unit), a price
 * (an amount in USD, converted to the unit), a rate around a mean, an index around a base, or an exchange
 * rate around the country's rate.
 */
export type ValueModel =
  | { kind: "level"; share: number; flow: boolean }
  | { kind: "price"; usd: number }
  | { kind: "rate"; mean: number; spread: number }
  | { kind: "index"; base: number }
  | { kind: "fx" };

/** Where a template is measured: every country, every city, or every ordered pair of countries. */
export type Geography = "country" | "city" | "partner";

/** One kind of series: each country (city, pair), breakdown and frequency gives one series. */
export interface SeriesTemplate {
  indicator: string;
  name: string;
  unit: string | LocalUnit;
  source: string;
  frequencies: readonly SeriesFrequency[];
  model: ValueModel;
  geography?: Geography;
  breakdowns?: readonly string[];
  /** The breakdowns after the first ("total") are parts of it. */
  parts?: boolean;
  /** Headline series are more often flagged key. */
  headline?: boolean;
}

export interface LayoutTable {
  name: string;
  templates: readonly SeriesTemplate[];
}

export interface LayoutSection {
  name: string;
  tables: readonly LayoutTable[];
}

export interface LayoutTopic {
  name: string;
  sections: readonly LayoutSection[];
}

export interface LayoutDatabase {
  name: string;
  topics: readonly LayoutTopic[];
}

export interface Industry {
  id: string;
  name: string;
  /** Words for generated company names and products. */
  word: string;
  products: readonly string[];
}

/** ISIC Rev. 4 divisions used by companies and documents. */
export const industries: readonly Industry[] = [
  { id: "A01", name: "Crop and animal production", word: "Agro", products: ["grain", "livestock", "fruit"] },
  { id: "B06", name: "Extraction of crude petroleum and natural gas", word: "Petroleum", products: ["crude oil", "natural gas"] },
  { id: "B07", name: "Mining of metal ores", word: "Mining", products: ["iron ore", "copper", "gold"] },
  { id: "C10", name: "Manufacture of food products", word: "Foods", products: ["dairy products", "bakery products", "frozen food"] },
  { id: "C11", name: "Manufacture of beverages", word: "Beverages", products: ["soft drinks", "beer", "mineral water"] },
  { id: "C13", name: "Manufacture of textiles", word: "Textiles", products: ["yarn", "fabrics", "home textiles"] },
  { id: "C20", name: "Manufacture of chemicals", word: "Chemicals", products: ["fertilisers", "plastics", "paints"] },
  { id: "C21", name: "Manufacture of pharmaceuticals", word: "Pharma", products: ["generic drugs", "vaccines", "medical devices"] },
  { id: "C24", name: "Manufacture of basic metals", word: "Steel", products: ["steel", "aluminium", "pipes"] },
  {
    id: "C26",
    name: "Manufacture of computer and electronic products",
    word: "Electronics",
    products: ["semiconductors", "circuit boards", "sensors"],
  },
  { id: "C28", name: "Manufacture of machinery", word: "Machinery", products: ["industrial machinery", "pumps", "machine tools"] },
  { id: "C29", name: "Manufacture of motor vehicles", word: "Motors", products: ["passenger cars", "trucks", "auto parts"] },
  { id: "D35", name: "Electricity, gas and steam supply", word: "Energy", products: ["electricity", "district heating", "gas supply"] },
  { id: "F41", name: "Construction of buildings", word: "Construction", products: ["residential buildings", "office buildings"] },
  { id: "F42", name: "Civil engineering", word: "Engineering", products: ["roads", "bridges", "railways"] },
  { id: "G46", name: "Wholesale trade", word: "Trading", products: ["wholesale distribution", "import services"] },
  { id: "G47", name: "Retail trade", word: "Retail", products: ["supermarkets", "online retail", "department stores"] },
  { id: "H49", name: "Land transport", word: "Logistics", products: ["freight transport", "warehousing", "courier services"] },
  { id: "H51", name: "Air transport", word: "Airways", products: ["passenger flights", "air cargo"] },
  { id: "I55", name: "Accommodation", word: "Hotels", products: ["hotels", "resorts"] },
  { id: "J58", name: "Publishing", word: "Media", products: ["newspapers", "books", "digital media"] },
  { id: "J61", name: "Telecommunications", word: "Telecom", products: ["mobile services", "broadband", "data centres"] },
  {
    id: "J62",
    name: "Computer programming and consultancy",
    word: "Software",
    products: ["enterprise software", "IT consulting", "cloud services"],
  },
  { id: "K64", name: "Financial services", word: "Bank", products: ["retail banking", "corporate lending", "payments"] },
  { id: "K65", name: "Insurance", word: "Insurance", products: ["life insurance", "property insurance", "reinsurance"] },
  { id: "L68", name: "Real estate activities", word: "Properties", products: ["property development", "property management"] },
  { id: "M69", name: "Legal and accounting activities", word: "Advisory", products: ["legal services", "accounting", "tax advice"] },
  { id: "M71", name: "Architecture and engineering services", word: "Design", products: ["architecture", "technical testing"] },
  { id: "N77", name: "Rental and leasing", word: "Leasing", products: ["equipment leasing", "car rental"] },
  { id: "Q86", name: "Human health activities", word: "Health", products: ["hospitals", "clinics", "diagnostics"] },
];

const level = (share: number, flow = true): ValueModel => ({ kind: "level", share, flow });
const rate = (mean: number, spread: number): ValueModel => ({ kind: "rate", mean, spread });
const index: ValueModel = { kind: "index", base: 100 };
const cpiGroups = ["all items", "food", "energy", "housing", "transport", "health", "education", "core"];
const productGroups = ["food", "fuels", "chemicals", "machinery and transport equipment", "manufactured goods"];
const byIndustry = () => ["total", ...industries.map((industry) => industry.name.toLowerCase())];
const byProducingIndustry = () => [
  "total",
  ...industries.filter((industry) => /^[BCD]/.test(industry.id)).map((industry) => industry.name.toLowerCase()),
];

/** Databases -> topics -> sections -> tables; ids (DB.., TP.., SC.., TB..) follow from the positions. */
export const layout: readonly LayoutDatabase[] = [
  {
    name: "World Economic Indicators",
    topics: [
      {
        name: "National Accounts",
        sections: [
          {
            name: "Gross Domestic Product",
            tables: [
              {
                name: "GDP: nominal",
                templates: [
                  {
                    indicator: "GDP",
                    name: "Gross domestic product, current prices",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(1),
                    headline: true,
                  },
                  {
                    indicator: "GDPPC",
                    name: "Gross domestic product per capita",
                    unit: "USD",
                    source: "WB",
                    frequencies: ["annual"],
                    model: { kind: "price", usd: 25000 },
                  },
                ],
              },
              {
                name: "GDP: real",
                templates: [
                  {
                    indicator: "RGDP",
                    name: "Gross domestic product, constant prices",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(0.9),
                  },
                  {
                    indicator: "RGDPG",
                    name: "Real GDP growth",
                    unit: "PCT-YOY",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: rate(2.5, 1.5),
                    headline: true,
                  },
                ],
              },
              {
                name: "GDP by industry",
                templates: [
                  {
                    indicator: "GVA",
                    name: "Gross value added",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(0.9),
                    breakdowns: byIndustry(),
                    parts: true,
                  },
                ],
              },
            ],
          },
          {
            name: "Expenditure",
            tables: [
              {
                name: "GDP by expenditure",
                templates: [
                  {
                    indicator: "PCE",
                    name: "Private consumption expenditure",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(0.55),
                  },
                  {
                    indicator: "GCE",
                    name: "Government consumption expenditure",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(0.2),
                  },
                  {
                    indicator: "GFCF",
                    name: "Gross fixed capital formation",
                    unit: "LCU-BN",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(0.22),
                  },
                ],
              },
            ],
          },
          {
            name: "Industry",
            tables: [
              {
                name: "Industrial production",
                templates: [
                  {
                    indicator: "IP",
                    name: "Industrial production index",
                    unit: "IDX2015",
                    source: "NSO",
                    frequencies: ["monthly", "annual"],
                    model: index,
                    breakdowns: byProducingIndustry(),
                    headline: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Prices",
        sections: [
          {
            name: "Consumer Prices",
            tables: [
              {
                name: "Consumer price index",
                templates: [
                  {
                    indicator: "CPI",
                    name: "Consumer price index",
                    unit: "IDX2015",
                    source: "NSO",
                    frequencies: ["monthly", "annual"],
                    model: index,
                    breakdowns: cpiGroups,
                    headline: true,
                  },
                  {
                    indicator: "INFL",
                    name: "Inflation rate",
                    unit: "PCT-YOY",
                    source: "NSO",
                    frequencies: ["monthly", "annual"],
                    model: rate(3, 1.2),
                    headline: true,
                  },
                ],
              },
            ],
          },
          {
            name: "Producer Prices",
            tables: [
              {
                name: "Producer price index",
                templates: [
                  {
                    indicator: "PPI",
                    name: "Producer price index",
                    unit: "IDX2015",
                    source: "NSO",
                    frequencies: ["monthly"],
                    model: index,
                    breakdowns: byProducingIndustry(),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Labour Market",
        sections: [
          {
            name: "Employment",
            tables: [
              {
                name: "Unemployment",
                templates: [
                  {
                    indicator: "UNR",
                    name: "Unemployment rate",
                    unit: "PCT",
                    source: "NSO",
                    frequencies: ["monthly", "quarterly", "annual"],
                    model: rate(6, 0.6),
                    headline: true,
                  },
                ],
              },
              {
                name: "Employment by sector",
                templates: [
                  {
                    indicator: "EMP",
                    name: "Employment",
                    unit: "PERSONS-TH",
                    source: "NSO",
                    frequencies: ["quarterly", "annual"],
                    model: level(8, false),
                    breakdowns: byIndustry(),
                    parts: true,
                  },
                ],
              },
            ],
          },
          {
            name: "Wages",
            tables: [
              {
                name: "Earnings",
                templates: [
                  {
                    indicator: "WAGE",
                    name: "Average monthly wages",
                    unit: "LCU",
                    source: "NSO",
                    frequencies: ["monthly", "quarterly"],
                    model: { kind: "price", usd: 2500 },
                    breakdowns: byIndustry(),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Government Finance",
        sections: [
          {
            name: "Budget and Debt",
            tables: [
              {
                name: "Fiscal balance",
                templates: [
                  {
                    indicator: "BUDGET",
                    name: "Government budget balance",
                    unit: "PCT-GDP",
                    source: "MOF",
                    frequencies: ["quarterly", "annual"],
                    model: rate(-2.5, 1),
                  },
                  {
                    indicator: "DEBT",
                    name: "Government debt",
                    unit: "PCT-GDP",
                    source: "MOF",
                    frequencies: ["quarterly", "annual"],
                    model: rate(65, 1.5),
                    headline: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "External Sector",
        sections: [
          {
            name: "Balance of Payments",
            tables: [
              {
                name: "Current and financial account",
                templates: [
                  {
                    indicator: "CA",
                    name: "Current account balance",
                    unit: "USD-MN",
                    source: "CB",
                    frequencies: ["quarterly", "annual"],
                    model: rate(2000, 900),
                  },
                  {
                    indicator: "FDI",
                    name: "Foreign direct investment, net inflows",
                    unit: "USD-MN",
                    source: "CB",
                    frequencies: ["quarterly", "annual"],
                    model: level(6),
                  },
                ],
              },
              {
                name: "International reserves",
                templates: [
                  {
                    indicator: "RES",
                    name: "Foreign exchange reserves",
                    unit: "USD-MN",
                    source: "CB",
                    frequencies: ["monthly"],
                    model: level(120, false),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: "Global Financial Markets",
    topics: [
      {
        name: "Interest Rates",
        sections: [
          {
            name: "Policy Rates",
            tables: [
              {
                name: "Central bank policy rates",
                templates: [
                  {
                    indicator: "POLICY",
                    name: "Policy interest rate",
                    unit: "PCT-PA",
                    source: "CB",
                    frequencies: ["daily", "monthly"],
                    model: rate(4, 0.3),
                    headline: true,
                  },
                ],
              },
            ],
          },
          {
            name: "Bond Yields",
            tables: [
              {
                name: "Government bond yields",
                templates: [
                  {
                    indicator: "YIELD",
                    name: "Government bond yield",
                    unit: "PCT-PA",
                    source: "CB",
                    frequencies: ["daily", "weekly", "monthly"],
                    model: rate(4.5, 0.3),
                    breakdowns: ["2-year", "5-year", "10-year"],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Exchange Rates",
        sections: [
          {
            name: "Rates against the US Dollar",
            tables: [
              {
                name: "Exchange rates",
                templates: [
                  {
                    indicator: "FX",
                    name: "Exchange rate against USD",
                    unit: "LCU-PER-USD",
                    source: "CB",
                    frequencies: ["daily", "weekly", "monthly"],
                    model: { kind: "fx" },
                    breakdowns: ["end of period", "period average"],
                    headline: true,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Equity Markets",
        sections: [
          {
            name: "Stock Markets",
            tables: [
              {
                name: "Stock market indices",
                templates: [
                  {
                    indicator: "STOCKS",
                    name: "Stock market index",
                    unit: "IDX-PTS",
                    source: "EXCHANGE",
                    frequencies: ["daily", "weekly", "monthly"],
                    model: { kind: "index", base: 5000 },
                  },
                  {
                    indicator: "MCAP",
                    name: "Stock market capitalisation",
                    unit: "USD-BN",
                    source: "EXCHANGE",
                    frequencies: ["monthly", "annual"],
                    model: level(0.8, false),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Money and Credit",
        sections: [
          {
            name: "Monetary Aggregates",
            tables: [
              {
                name: "Money supply and credit",
                templates: [
                  {
                    indicator: "M2",
                    name: "Money supply M2",
                    unit: "LCU-BN",
                    source: "CB",
                    frequencies: ["monthly"],
                    model: level(0.9, false),
                  },
                  {
                    indicator: "CREDIT",
                    name: "Domestic credit to private sector",
                    unit: "LCU-BN",
                    source: "CB",
                    frequencies: ["monthly"],
                    model: level(0.8, false),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: "Global Trade and Commodities",
    topics: [
      {
        name: "Merchandise Trade",
        sections: [
          {
            name: "Trade Totals",
            tables: [
              {
                name: "Exports and imports",
                templates: [
                  {
                    indicator: "EXP",
                    name: "Exports of goods",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(380),
                    headline: true,
                  },
                  {
                    indicator: "IMP",
                    name: "Imports of goods",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(360),
                  },
                  {
                    indicator: "TB",
                    name: "Trade balance",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: rate(500, 400),
                  },
                ],
              },
              {
                name: "Trade by product group",
                templates: [
                  {
                    indicator: "EXPP",
                    name: "Exports of goods",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(75),
                    breakdowns: productGroups,
                  },
                  {
                    indicator: "IMPP",
                    name: "Imports of goods",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(70),
                    breakdowns: productGroups,
                  },
                ],
              },
            ],
          },
          {
            name: "Bilateral Trade",
            tables: [
              {
                name: "Exports by partner",
                templates: [
                  {
                    indicator: "EXPB",
                    name: "Exports of goods to",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(6),
                    geography: "partner",
                  },
                ],
              },
              {
                name: "Imports by partner",
                templates: [
                  {
                    indicator: "IMPB",
                    name: "Imports of goods from",
                    unit: "USD-MN",
                    source: "CUSTOMS",
                    frequencies: ["monthly", "annual"],
                    model: level(6),
                    geography: "partner",
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Commodities",
        sections: [
          {
            name: "Energy",
            tables: [
              {
                name: "Energy production",
                templates: [
                  {
                    indicator: "OIL",
                    name: "Crude oil production",
                    unit: "BBL-TH-D",
                    source: "ENERGY",
                    frequencies: ["monthly", "annual"],
                    model: level(0.4, false),
                  },
                  {
                    indicator: "ELEC",
                    name: "Electricity generation",
                    unit: "GWH",
                    source: "ENERGY",
                    frequencies: ["monthly", "annual"],
                    model: level(110),
                  },
                ],
              },
            ],
          },
          {
            name: "Agriculture",
            tables: [
              {
                name: "Crop production",
                templates: [
                  {
                    indicator: "CROPS",
                    name: "Crop production",
                    unit: "TONNES-TH",
                    source: "AGRICULTURE",
                    frequencies: ["annual"],
                    model: level(5),
                    breakdowns: ["wheat", "rice", "maize", "soybeans"],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: "Regional and City Statistics",
    topics: [
      {
        name: "City Prices",
        sections: [
          {
            name: "Consumer and Property Prices",
            tables: [
              {
                name: "City price indices",
                templates: [
                  {
                    indicator: "CPIC",
                    name: "Consumer price index",
                    unit: "IDX2015",
                    source: "NSO",
                    frequencies: ["monthly"],
                    model: index,
                    geography: "city",
                  },
                  {
                    indicator: "RPPI",
                    name: "Residential property price index",
                    unit: "IDX2015",
                    source: "NSO",
                    frequencies: ["quarterly"],
                    model: index,
                    geography: "city",
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "City Labour Markets",
        sections: [
          {
            name: "Unemployment",
            tables: [
              {
                name: "City unemployment",
                templates: [
                  {
                    indicator: "UNRC",
                    name: "Unemployment rate",
                    unit: "PCT",
                    source: "NSO",
                    frequencies: ["quarterly"],
                    model: rate(6, 0.6),
                    geography: "city",
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: "Business and Consumer Surveys",
    topics: [
      {
        name: "Business Surveys",
        sections: [
          {
            name: "Purchasing Managers",
            tables: [
              {
                name: "PMI",
                templates: [
                  {
                    indicator: "PMI",
                    name: "Purchasing managers' index",
                    unit: "IDX-PTS",
                    source: "SURVEY",
                    frequencies: ["monthly"],
                    model: rate(50, 1),
                    breakdowns: ["manufacturing", "services", "composite"],
                  },
                ],
              },
              {
                name: "Business confidence",
                templates: [
                  {
                    indicator: "BCI",
                    name: "Business confidence indicator",
                    unit: "PCT-BAL",
                    source: "SURVEY",
                    frequencies: ["monthly", "quarterly"],
                    model: rate(0, 5),
                    breakdowns: ["industry", "construction", "retail trade", "services"],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Consumer Surveys",
        sections: [
          {
            name: "Households",
            tables: [
              {
                name: "Consumer confidence and retail",
                templates: [
                  {
                    indicator: "CCI",
                    name: "Consumer confidence indicator",
                    unit: "PCT-BAL",
                    source: "SURVEY",
                    frequencies: ["monthly"],
                    model: rate(-8, 4),
                  },
                  {
                    indicator: "RETAIL",
                    name: "Retail sales",
                    unit: "PCT-YOY",
                    source: "NSO",
                    frequencies: ["monthly"],
                    model: rate(3, 1.5),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The indicator dictionary: one entry per template code. */
export const indicatorNames: Readonly<Record<string, string>> = {
  GDP: "Gross domestic product",
  GDPPC: "GDP per capita",
  RGDP: "Real gross domestic product",
  RGDPG: "Real GDP growth",
  GVA: "Gross value added by industry",
  PCE: "Private consumption",
  GCE: "Government consumption",
  GFCF: "Investment",
  IP: "Industrial production",
  CPI: "Consumer prices",
  INFL: "Inflation",
  PPI: "Producer prices",
  UNR: "Unemployment",
  EMP: "Employment",
  WAGE: "Wages",
  BUDGET: "Budget balance",
  DEBT: "Government debt",
  CA: "Current account",
  FDI: "Foreign direct investment",
  RES: "Foreign exchange reserves",
  POLICY: "Policy rate",
  YIELD: "Bond yields",
  FX: "Exchange rates",
  STOCKS: "Stock market indices",
  MCAP: "Market capitalisation",
  M2: "Money supply",
  CREDIT: "Private credit",
  EXP: "Exports",
  IMP: "Imports",
  TB: "Trade balance",
  EXPP: "Exports by product",
  IMPP: "Imports by product",
  EXPB: "Exports by partner",
  IMPB: "Imports by partner",
  OIL: "Oil production",
  ELEC: "Electricity",
  CROPS: "Crop production",
  CPIC: "City consumer prices",
  RPPI: "Residential property prices",
  UNRC: "City unemployment",
  PMI: "Purchasing managers' indices",
  BCI: "Business confidence",
  CCI: "Consumer confidence",
  RETAIL: "Retail sales",
};

export const legalForms: readonly { id: string; name: string }[] = [
  { id: "PLC", name: "Public limited company" },
  { id: "LTD", name: "Private limited company" },
  { id: "PART", name: "Partnership" },
  { id: "SOLE", name: "Sole proprietorship" },
  { id: "COOP", name: "Cooperative" },
  { id: "SOE", name: "State-owned enterprise" },
];

const defaultLocalForms: Readonly<Record<string, string>> = {
  PLC: "PLC",
  LTD: "Ltd.",
  PART: "Partnership",
  SOLE: "Sole proprietorship",
  COOP: "Cooperative",
  SOE: "State enterprise",
};

const localForms: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DE: { PLC: "AG", LTD: "GmbH", PART: "KG", SOLE: "e.K.", COOP: "eG" },
  AT: { PLC: "AG", LTD: "GmbH", PART: "KG", COOP: "eGen" },
  CH: { PLC: "AG", LTD: "GmbH", PART: "KG" },
  FR: { PLC: "SA", LTD: "SARL", PART: "SNC", COOP: "SCOP" },
  BE: { PLC: "SA", LTD: "SRL", PART: "SNC" },
  IT: { PLC: "S.p.A.", LTD: "S.r.l.", PART: "S.n.c." },
  ES: { PLC: "S.A.", LTD: "S.L.", COOP: "S.Coop." },
  NL: { PLC: "N.V.", LTD: "B.V.", PART: "V.O.F." },
  PL: { PLC: "S.A.", LTD: "Sp. z o.o.", PART: "Sp.k." },
  GB: { PLC: "PLC", LTD: "Ltd", PART: "LLP" },
  US: { PLC: "Inc.", LTD: "LLC", PART: "LP" },
  CA: { PLC: "Inc.", LTD: "Ltd.", PART: "LP" },
  BR: { PLC: "S.A.", LTD: "Ltda." },
  MX: { PLC: "S.A.B. de C.V.", LTD: "S. de R.L." },
  RU: { PLC: "PAO", LTD: "OOO", SOE: "FGUP" },
  CN: { PLC: "Co., Ltd. (joint stock)", LTD: "Co., Ltd.", SOE: "State-owned Co." },
  JP: { PLC: "K.K.", LTD: "G.K." },
  KR: { PLC: "Co., Ltd.", LTD: "Yuhan Hoesa" },
  IN: { PLC: "Ltd.", LTD: "Pvt. Ltd." },
};

export function localLegalForm(country: string, legalForm: string): string {
  return localForms[country]?.[legalForm] ?? defaultLocalForms[legalForm] ?? legalForm;
}

export const companyTypes: readonly { id: string; name: string }[] = [
  { id: "public", name: "Public company" },
  { id: "private", name: "Private company" },
  { id: "state-owned", name: "State-owned company" },
  { id: "subsidiary", name: "Subsidiary" },
  { id: "cooperative", name: "Cooperative" },
];

export const companyStatuses: readonly { id: string; name: string }[] = [
  { id: "operational", name: "Operational" },
  { id: "dormant", name: "Dormant" },
  { id: "in-liquidation", name: "In liquidation" },
  { id: "dissolved", name: "Dissolved" },
  { id: "bankrupt", name: "Bankrupt" },
];

export const financialStandards: readonly { id: string; name: string }[] = [
  { id: "IFRS", name: "International Financial Reporting Standards" },
  { id: "US-GAAP", name: "US GAAP" },
  { id: "LOCAL-GAAP", name: "Local GAAP" },
];

/** The accounts each statement type carries (amounts in thousands of the reporting currency). */
export const statementAccounts: Readonly<Record<StatementType, readonly string[]>> = {
  "income-statement": ["revenue", "operatingProfit", "netIncome"],
  "balance-sheet": ["totalAssets", "totalLiabilities", "equity"],
  "cash-flow": ["operatingCashFlow", "investingCashFlow", "financingCashFlow"],
};

export const statementTypeNames: Readonly<Record<StatementType, string>> = {
  "income-statement": "Income statement",
  "balance-sheet": "Balance sheet",
  "cash-flow": "Cash flow statement",
};

export const streets: readonly string[] = [
  "Market Street",
  "Station Road",
  "Harbour Road",
  "Park Avenue",
  "Industrial Way",
  "Main Street",
  "River Street",
  "Commerce Drive",
];

export const executivePositions: readonly string[] = [
  "Chief Executive Officer",
  "Chief Financial Officer",
  "Chief Operating Officer",
  "Chair of the Board",
  "Chief Technology Officer",
];

export const auditors: readonly string[] = [
  "Meridian Audit & Assurance",
  "Northbridge Accountants",
  "Keystone Assurance Partners",
  "Harbourline Audit",
  "Clearwater & Co. Auditors",
  "Summit Review Group",
];

export const firstNames: readonly string[] = [
  "Anna",
  "Ben",
  "Carla",
  "David",
  "Elena",
  "Felix",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kira",
  "Luca",
  "Mei",
  "Nadia",
  "Omar",
  "Paula",
  "Quentin",
  "Rosa",
  "Sven",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Yusuf",
];

export const lastNames: readonly string[] = [
  "Schmidt",
  "Martin",
  "Rossi",
  "Garcia",
  "Novak",
  "Kowalski",
  "Smith",
  "Tanaka",
  "Kim",
  "Chen",
  "Silva",
  "Ivanova",
  "Larsen",
  "Dubois",
  "Haddad",
  "Okafor",
  "Mehta",
  "Nguyen",
  "Santos",
  "Yilmaz",
  "Berg",
  "Costa",
];

export const nameRoots: readonly string[] = [
  "Nord",
  "Sun",
  "Alp",
  "Blue",
  "Green",
  "Silver",
  "Star",
  "Gold",
  "Iron",
  "River",
  "Oak",
  "Cedar",
  "Pacific",
  "Atlas",
  "Summit",
  "Harbor",
  "Vertex",
  "Nova",
  "Orion",
  "Delta",
  "Crest",
  "Prime",
  "Stone",
  "Bright",
  "Eagle",
  "Falcon",
  "Maple",
  "Lotus",
  "Jade",
  "Coral",
];

export const nameEndings: readonly string[] = [
  "wind",
  "field",
  "bridge",
  "point",
  "way",
  "gate",
  "line",
  "stone",
  "light",
  "ridge",
  "wood",
  "port",
  "land",
  "view",
  "vale",
  "mark",
  "tech",
  "core",
  "well",
  "brook",
];

export const documentLanguages: readonly { id: string; name: string }[] = [
  { id: "en", name: "English" },
  { id: "zh", name: "Chinese" },
  { id: "de", name: "German" },
  { id: "fr", name: "French" },
  { id: "es", name: "Spanish" },
  { id: "pt", name: "Portuguese" },
  { id: "it", name: "Italian" },
  { id: "ru", name: "Russian" },
  { id: "ja", name: "Japanese" },
  { id: "ko", name: "Korean" },
  { id: "ar", name: "Arabic" },
  { id: "tr", name: "Turkish" },
  { id: "pl", name: "Polish" },
];

export const documentFormats: readonly { id: string; name: string }[] = [
  { id: "pdf", name: "PDF" },
  { id: "html", name: "HTML" },
  { id: "docx", name: "Word" },
  { id: "xlsx", name: "Excel" },
];

export const publicationTypes: readonly { id: string; name: string }[] = [
  { id: "news", name: "News" },
  { id: "company-report", name: "Company report" },
  { id: "industry-report", name: "Industry report" },
  { id: "economic-analysis", name: "Economic analysis" },
  { id: "press-release", name: "Press release" },
  { id: "regulatory-filing", name: "Regulatory filing" },
  { id: "market-research", name: "Market research" },
];

export const documentSources: readonly { id: string; name: string }[] = [
  { id: "DS01", name: "Global Business Wire" },
  { id: "DS02", name: "Asia Markets Daily" },
  { id: "DS03", name: "Euro Economic Review" },
  { id: "DS04", name: "Americas Trade Journal" },
  { id: "DS05", name: "Emerging Markets Insight" },
  { id: "DS06", name: "Company filings" },
  { id: "DS07", name: "Central bank publications" },
  { id: "DS08", name: "Industry associations" },
];

export const documentTopics: readonly { id: string; name: string }[] = [
  { id: "economy", name: "Economy" },
  { id: "markets", name: "Financial markets" },
  { id: "energy", name: "Energy" },
  { id: "trade", name: "Trade" },
  { id: "technology", name: "Technology" },
  { id: "banking", name: "Banking" },
  { id: "real-estate", name: "Real estate" },
  { id: "politics", name: "Politics and policy" },
  { id: "agriculture", name: "Agriculture" },
  { id: "healthcare", name: "Healthcare" },
];
