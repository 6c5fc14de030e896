import { statementTypes, type Company, type Statement, type StatementType } from "~/modules/catalog/catalog";
import { countries, industries } from "~/modules/catalog/reference-data";
import { companyApiId } from "../ids";
import { round } from "./seeded";

/** The company specs' models (versions 1 and 2) of the catalog's companies and statements. */

export const apiPeriods = ["Y", "H1", "H2", "Q1", "Q2", "Q3", "Q4"] as const;
export type ApiPeriod = (typeof apiPeriods)[number];

const operationalStatuses: Record<string, string> = {
  operational: "operational",
  dormant: "inactive",
  "in-liquidation": "in_liquidation",
  dissolved: "dissolved",
  bankrupt: "dissolved",
};

/** The catalog statuses behind an API operational status. */
export function catalogStatuses(apiStatus: string): string[] {
  return Object.keys(operationalStatuses).filter((status) => operationalStatuses[status] === apiStatus);
}

const industryNames = new Map(industries.map((industry) => [industry.id, industry.name]));

function isicOf(company: Pick<Company, "isic" | "mainIndustry">) {
  const name = industryNames.get(company.mainIndustry);
  return { id: company.isic, ...(name ? { name } : {}) };
}

/** A website for the company's brand, under example.com so it never names a real site. */
function website(company: Company): string {
  const slug = company.name
    .split(" ")[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return `https://${slug || "company"}.example.com`;
}

function phone(company: Company): string {
  const digits = company.id.slice(-7);
  return `+${(countries.findIndex((country) => country.id === company.country) + 20) % 100} ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export function toSummaryV1(company: Company) {
  return {
    id: companyApiId(company.id),
    name: { current_name: company.name },
    country: company.country,
    city: company.city,
    isic: isicOf(company),
  };
}

export function toCompanyV1(company: Company) {
  return {
    id: companyApiId(company.id),
    name: { current_name: company.name, local_name: company.name },
    details: {
      address: company.address,
      city: company.city,
      country: company.country,
      phone: phone(company),
      website: website(company),
      legal_form: company.localLegalForm,
      operational_status: operationalStatuses[company.status] ?? "operational",
      incorporation_date: company.createdAt.slice(0, 10),
      employees: company.employees,
    },
    isic: isicOf(company),
    description: company.description,
    executives: company.executives.map(({ name, position }) => ({ name, position })),
    shareholders: company.shareholders.map(({ name, share }) => ({ name, share })),
    updated: company.updatedAt,
  };
}

export function toSummaryV2(company: Company) {
  return {
    id: companyApiId(company.id),
    name: { current_name: company.name },
    country: company.country,
    isic: isicOf(company),
    updated: company.updatedAt,
  };
}

export function toCompanyV2(company: Company) {
  return {
    id: companyApiId(company.id),
    name: { current_name: company.name, local_name: company.name },
    details: {
      address: company.address,
      city: company.city,
      region: company.region,
      country: company.country,
      website: website(company),
      legal_form: company.localLegalForm,
      operational_status: operationalStatuses[company.status] ?? "operational",
      employees: company.employees,
    },
    isic: isicOf(company),
    secondary_industries: company.secondaryIndustries.map((id) => ({
      id,
      ...(industryNames.has(id) ? { name: industryNames.get(id)! } : {}),
    })),
    description: company.description,
    updated: company.updatedAt,
  };
}

// Statements ----------------------------------------------------------------------------------------------

const FIRST_YEAR = 1990;

/** The period of a catalog statement in the specs' terms: FY is Y. */
export function apiPeriod(period: string): ApiPeriod {
  return period === "FY" ? "Y" : (((apiPeriods as readonly string[]).includes(period) ? period : "Y") as ApiPeriod);
}

/** A statement's number: company, year, period, type and consolidation packed into one integer. */
export function statementNumber(statement: Pick<Statement, "companyId" | "year" | "period" | "type" | "consolidated">): number {
  const company = companyApiId(statement.companyId);
  const period = apiPeriods.indexOf(apiPeriod(statement.period));
  const type = statementTypes.indexOf(statement.type);
  return (((company * 100 + (statement.year - FIRST_YEAR)) * 8 + period) * 4 + type) * 2 + (statement.consolidated ? 1 : 0);
}

export interface StatementKey {
  company: number;
  year: number;
  period: ApiPeriod;
  type: StatementType;
  consolidated: boolean;
}

/** What a statement number stands for, or null when no statement can have it. */
export function readStatementNumber(value: number): StatementKey | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const consolidated = value % 2 === 1;
  let rest = Math.floor(value / 2);
  const type = statementTypes[rest % 4];
  rest = Math.floor(rest / 4);
  const period = apiPeriods[rest % 8];
  rest = Math.floor(rest / 8);
  const year = (rest % 100) + FIRST_YEAR;
  const company = Math.floor(rest / 100);
  if (!type || !period || company < 1) return null;
  return { company, year, period, type, consolidated };
}

const standards: Record<string, string> = { IFRS: "IFRS", "US-GAAP": "US_GAAP", "LOCAL-GAAP": "LOCAL_GAAP" };

export function apiStandard(standard: string): string | undefined {
  return standards[standard];
}

export type AmountCurrency = "USD" | "EUR" | "LOCAL";

/** Units of each currency per US dollar, to convert amounts. */
const usdRates = new Map(countries.map((country) => [country.currency, country.usdRate]));

/** The rate that turns the statement's amounts into the requested currency, and that currency's code. */
export function conversion(statementCurrency: string, wanted: AmountCurrency): { factor: number; currency: string } {
  if (wanted === "LOCAL") return { factor: 1, currency: statementCurrency };
  const toUsd = 1 / (usdRates.get(statementCurrency) ?? 1);
  return wanted === "USD" ? { factor: toUsd, currency: "USD" } : { factor: toUsd * (usdRates.get("EUR") ?? 1), currency: "EUR" };
}

/** "operatingProfit" -> "Operating profit". */
function accountName(code: string): string {
  const words = code.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function statementLines(statement: Statement, factor: number, withLevel: boolean) {
  return Object.entries(statement.accounts).map(([code, value]) => ({
    code,
    name: accountName(code),
    value: round(value * factor),
    ...(withLevel ? { level: 1 } : {}),
  }));
}

/** What every version's statement models share. */
export function statementHeader(statement: Statement) {
  const standard = apiStandard(statement.standard);
  return {
    stmtId: statementNumber(statement),
    isic: statement.isic,
    year: statement.year,
    period: apiPeriod(statement.period),
    consolidated: statement.consolidated,
    ...(standard ? { standard } : {}),
  };
}

/** Newest first: the latest year, then the statement types in their usual order. */
export function newestFirst(a: Statement, b: Statement): number {
  return b.year - a.year || statementTypes.indexOf(a.type) - statementTypes.indexOf(b.type);
}

/**
 * The catalog's industry divisions (e.g. C64) an ISIC Rev. 4 code stands for: a division as such, or the
 * division of a two-digit division, three-digit group or four-digit class code (64, 641, 6419). An unknown
 * code stands for none.
 */
export function isicDivisions(isic: string): string[] {
  const code = isic.trim().toUpperCase();
  if (/^[A-Z]\d{2}$/.test(code)) return industries.some((industry) => industry.id === code) ? [code] : [];
  if (!/^\d{2,4}$/.test(code)) return [];
  return industries.filter((industry) => industry.id.slice(1) === code.slice(0, 2)).map((industry) => industry.id);
}
