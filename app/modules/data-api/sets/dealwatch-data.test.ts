import { describe, expect, it } from "vitest";
import {
  advisorTotals,
  byAnnouncement,
  dealCompanies,
  dealCount,
  generateAdvisors,
  generateDeal,
  matchesDeal,
  type DealParty,
} from "./dealwatch-data";

const companies: DealParty[] = Array.from({ length: 30 }, (_, i) => ({
  companyId: i + 1,
  name: `Company ${i + 1}`,
  country: i % 2 ? "DE" : "PL",
  industry: `29${i % 9}0`,
}));
const advisors = generateAdvisors();
const deals = Array.from({ length: dealCount(companies.length) }, (_, i) => generateDeal(i, companies, advisors)).sort(byAnnouncement);

describe("dealwatch data", () => {
  it("is the same on every run and drawn from the given companies", () => {
    expect(generateDeal(7, companies, advisors)).toEqual(generateDeal(7, companies, advisors));
    const ids = new Set(companies.map((company) => company.companyId));
    expect(deals.every((deal) => ids.has(deal.target.companyId) && deal.buyers.every((buyer) => ids.has(buyer.companyId)))).toBe(true);
    expect(deals.every((deal) => (deal.status === "completed") === (deal.completedDate !== null))).toBe(true);
    expect(deals.filter((deal) => deal.dealType === "ipo").every((deal) => deal.buyers.length === 0)).toBe(true);
  });

  it("filters deals and sums what companies and advisors took part in", () => {
    const target = deals[0]!.target.companyId;
    expect(deals.filter((deal) => matchesDeal(deal, { companyId: target })).length).toBeGreaterThan(0);
    expect(deals.filter((deal) => matchesDeal(deal, { countries: ["DE"] })).every((deal) => deal.target.country === "DE")).toBe(true);
    expect(deals.filter((deal) => matchesDeal(deal, { minValue: 100 })).every((deal) => (deal.valueUsdMillions ?? 0) >= 100)).toBe(true);
    const parties = dealCompanies(deals, new Map(companies.map((company) => [company.companyId, company])));
    expect(parties.reduce((sum, party) => sum + party.dealCount, 0)).toBe(
      deals.reduce((sum, deal) => sum + 1 + deal.buyers.length + deal.sellers.length, 0),
    );
    const totals = advisorTotals(deals);
    expect([...totals.values()].reduce((sum, entry) => sum + entry.dealCount, 0)).toBe(
      deals.reduce((sum, deal) => sum + deal.advisors.length, 0),
    );
    expect(dealCount(0)).toBe(0);
  });
});
