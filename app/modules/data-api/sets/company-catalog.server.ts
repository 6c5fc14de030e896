import type { Company, CompanyCriteria, Statement } from "~/modules/catalog/catalog";
import { getCatalog } from "~/modules/catalog/source.server";
import { notFound } from "../errors";
import { companyCatalogId } from "../ids";
import { isicDivisions } from "./company-model";
import { keysetWindow, scanWindow } from "./paging.server";

/** Reads the company APIs share: one company, its statements, and pages of a search. */

export async function findCompany(apiId: number): Promise<Company> {
  const id = companyCatalogId(apiId);
  const [company] = id ? await getCatalog().companyPage({ companyIds: [id] }, { limit: 1 }) : [];
  if (!company) throw notFound("Not found: no company has this id.");
  return company;
}

export async function statementsOf(company: Company): Promise<Statement[]> {
  const [entry] = await getCatalog().companyStatements([company.id]);
  return entry?.statements ?? [];
}

/**
 * An ISIC code narrows the search to its division (the catalog's main industry, e.g. C64); a class code
 * (6419) or group (641) then keeps the companies whose class starts with it.
 */
function isicCriteria(isic: string | undefined): { mainIndustry?: string[]; classPrefix?: string } {
  if (!isic) return {};
  const code = isic.trim().toUpperCase();
  const divisions = isicDivisions(code);
  return { mainIndustry: divisions.length ? divisions : ["none"], classPrefix: /^\d{3,4}$/.test(code) ? code : undefined };
}

/** A page of the companies matching the criteria and ISIC code, with how many match. */
export async function companyWindow(criteria: CompanyCriteria, isic: string | undefined, offset: number, limit: number) {
  const { mainIndustry, classPrefix } = isicCriteria(isic);
  const narrowed: CompanyCriteria = mainIndustry ? { ...criteria, mainIndustry } : criteria;
  const fetch = (afterId: string | null, size: number) => getCatalog().companyPage(narrowed, { afterId, limit: size });
  if (classPrefix) return scanWindow(fetch, (company) => company.isic.startsWith(classPrefix), offset, limit);
  const [total, items] = await Promise.all([getCatalog().countCompanies(narrowed), keysetWindow(fetch, offset, limit)]);
  return { total, items };
}
