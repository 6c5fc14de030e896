import { CATALOG_EPOCH } from "~/modules/catalog/generator";
import { pick, randomInt, sample, weightedPick, type Random } from "~/modules/catalog/random";
import { countries, lastNames, nameRoots } from "~/modules/catalog/reference-data";
import { matchesKeyword, momentBetween, round, seeded } from "./seeded";

/**
 * Dealwatch's deals, the companies in them and their advisors, derived from the catalog's companies with a
 * seeded generator: deal n depends only on n and the companies it is drawn from.
 */

export interface DealParty {
  companyId: number;
  name: string;
  country: string;
  /** ISIC class of the main industry. */
  industry: string;
}

export const dealTypes = ["acquisition", "merger", "ipo", "private_equity", "venture_capital", "joint_venture", "divestment"] as const;
export const dealStatuses = ["rumoured", "announced", "pending", "completed", "withdrawn"] as const;
export type Side = "target" | "buyer" | "seller";

export interface Advisor {
  advisorId: number;
  name: string;
  advisorType: "financial" | "legal";
  country: string;
}

export interface Deal {
  dealId: number;
  name: string;
  dealType: (typeof dealTypes)[number];
  status: (typeof dealStatuses)[number];
  announcedDate: string;
  completedDate: string | null;
  valueUsdMillions: number | null;
  stakePercent: number;
  target: { companyId: number; name: string; country: string };
  buyers: { companyId: number; name: string; country: string }[];
  sellers: { companyId: number; name: string; country: string }[];
  advisors: { advisorId: number; name: string; advisorType: "financial" | "legal"; side: Side }[];
  industry: string;
}

const ADVISOR_COUNT = 40;
const DEALS_FROM = "2019-01-01T00:00:00.000Z";

export function generateAdvisors(): Advisor[] {
  return Array.from({ length: ADVISOR_COUNT }, (_, index) => {
    const random = seeded("advisor", index);
    const legal = index % 3 === 2;
    const name = legal ? `${pick(random, lastNames)} & ${pick(random, lastNames)} LLP` : `${pick(random, nameRoots)} Capital Partners`;
    return { advisorId: 7001 + index, name, advisorType: legal ? "legal" : "financial", country: pick(random, countries).id };
  });
}

const typeWeights: Record<Deal["dealType"], number> = {
  acquisition: 40,
  merger: 8,
  ipo: 10,
  private_equity: 15,
  venture_capital: 12,
  joint_venture: 7,
  divestment: 8,
};
const statusWeights: Record<Deal["status"], number> = { rumoured: 8, announced: 15, pending: 15, completed: 55, withdrawn: 7 };

function stakeFor(random: Random, type: Deal["dealType"]): number {
  if (type === "acquisition" || type === "merger" || type === "divestment") return round(51 + random() * 49, 1);
  if (type === "ipo") return round(10 + random() * 25, 1);
  if (type === "joint_venture") return 50;
  return round(5 + random() * 44, 1);
}

const party = (company: DealParty) => ({ companyId: company.companyId, name: company.name, country: company.country });

function dealName(type: Deal["dealType"], target: DealParty, buyers: readonly DealParty[]): string {
  if (type === "ipo") return `IPO of ${target.name}`;
  if (type === "joint_venture") return `${buyers[0]?.name ?? target.name} and ${target.name} joint venture`;
  if (type === "merger") return `Merger of ${buyers[0]?.name ?? "investors"} and ${target.name}`;
  return `${buyers[0]?.name ?? "Investors"} / ${target.name}`;
}

function dealAdvisors(random: Random, advisors: readonly Advisor[]): Deal["advisors"] {
  const sides: Side[] = ["target", "buyer", "seller"];
  return sample(random, advisors, randomInt(random, 0, 3)).map((advisor) => ({
    advisorId: advisor.advisorId,
    name: advisor.name,
    advisorType: advisor.advisorType,
    side: pick(random, sides),
  }));
}

/** Deal number `index`, its parties drawn from `companies` (which must not be empty). */
export function generateDeal(index: number, companies: readonly DealParty[], advisors: readonly Advisor[]): Deal {
  const random = seeded("deal", index);
  const dealType = weightedPick(random, dealTypes, (type) => typeWeights[type]);
  const status = weightedPick(random, dealStatuses, (candidate) => statusWeights[candidate]);
  const target = pick(random, companies);
  const others = () => pick(random, companies);
  const buyers = dealType === "ipo" ? [] : Array.from({ length: randomInt(random, 1, 2) }, others).filter((buyer) => buyer !== target);
  const sellers = dealType === "divestment" || random() < 0.3 ? [others()].filter((seller) => seller !== target) : [];
  const announced = momentBetween(random, DEALS_FROM, CATALOG_EPOCH).slice(0, 10);
  const completed =
    status === "completed"
      ? new Date(Math.min(Date.parse(announced) + randomInt(random, 30, 240) * 86_400_000, Date.parse(CATALOG_EPOCH)))
      : null;
  const disclosed = random() < 0.75;
  return {
    dealId: 500_001 + index,
    name: dealName(dealType, target, buyers),
    dealType,
    status,
    announcedDate: announced,
    completedDate: completed ? completed.toISOString().slice(0, 10) : null,
    valueUsdMillions: disclosed ? round(Math.exp(Math.log(5) + random() * Math.log(1000)), 1) : null,
    stakePercent: stakeFor(random, dealType),
    target: party(target),
    buyers: buyers.map(party),
    sellers: sellers.map(party),
    advisors: dealAdvisors(random, advisors),
    industry: target.industry,
  };
}

/** How many deals a catalog of this many companies has. */
export function dealCount(companies: number): number {
  return companies === 0 ? 0 : Math.max(20, Math.min(4000, Math.round(companies * 0.4)));
}

export interface DealQuery {
  keyword?: string;
  companyId?: number;
  advisorId?: number;
  countries?: string[];
  industry?: string;
  dealType?: string;
  status?: string;
  announcedFrom?: string;
  announcedTo?: string;
  minValue?: number;
}

const partiesOf = (deal: Deal) => [deal.target, ...deal.buyers, ...deal.sellers];

export function matchesDeal(deal: Deal, query: DealQuery): boolean {
  if (query.companyId !== undefined && !partiesOf(deal).some((company) => company.companyId === query.companyId)) return false;
  if (query.advisorId !== undefined && !deal.advisors.some((advisor) => advisor.advisorId === query.advisorId)) return false;
  if (query.countries && !query.countries.includes(deal.target.country)) return false;
  if (query.industry && !deal.industry.startsWith(query.industry)) return false;
  if ((query.dealType && deal.dealType !== query.dealType) || (query.status && deal.status !== query.status)) return false;
  if ((query.announcedFrom && deal.announcedDate < query.announcedFrom) || (query.announcedTo && deal.announcedDate > query.announcedTo))
    return false;
  if (query.minValue !== undefined && (deal.valueUsdMillions ?? -1) < query.minValue) return false;
  return matchesKeyword(deal.name, query.keyword);
}

/** Newest announcement first. */
export function byAnnouncement(a: Deal, b: Deal): number {
  return b.announcedDate.localeCompare(a.announcedDate) || a.dealId - b.dealId;
}

export interface DealCompany {
  companyId: number;
  name: string;
  country: string;
  industry: string;
  dealCount: number;
  lastDealDate: string;
  roles: Set<Side>;
}

/** Every company that took part in a deal, with its deal count, roles and latest announcement. */
export function dealCompanies(deals: readonly Deal[], companies: ReadonlyMap<number, DealParty>): DealCompany[] {
  const found = new Map<number, DealCompany>();
  const note = (company: { companyId: number }, role: Side, date: string) => {
    const known = companies.get(company.companyId);
    if (!known) return;
    const entry = found.get(company.companyId) ?? { ...known, dealCount: 0, lastDealDate: date, roles: new Set<Side>() };
    entry.dealCount += 1;
    entry.roles.add(role);
    if (date > entry.lastDealDate) entry.lastDealDate = date;
    found.set(company.companyId, entry);
  };
  for (const deal of deals) {
    note(deal.target, "target", deal.announcedDate);
    deal.buyers.forEach((buyer) => note(buyer, "buyer", deal.announcedDate));
    deal.sellers.forEach((seller) => note(seller, "seller", deal.announcedDate));
  }
  return [...found.values()].sort((a, b) => a.companyId - b.companyId);
}

/** Each advisor's deal count and total disclosed value. */
export function advisorTotals(deals: readonly Deal[]): Map<number, { dealCount: number; total: number }> {
  const totals = new Map<number, { dealCount: number; total: number }>();
  for (const deal of deals) {
    for (const advisor of deal.advisors) {
      const entry = totals.get(advisor.advisorId) ?? { dealCount: 0, total: 0 };
      entry.dealCount += 1;
      entry.total = round(entry.total + (deal.valueUsdMillions ?? 0), 1);
      totals.set(advisor.advisorId, entry);
    }
  }
  return totals;
}
