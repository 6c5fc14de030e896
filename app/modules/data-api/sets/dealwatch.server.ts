import { getCatalog } from "~/modules/catalog/source.server";
import { numeric, list, text, type CallInput } from "../call-input";
import { badRequest } from "../errors";
import { ok, type Handler, type SetHandlers } from "../handler";
import { companyApiId } from "../ids";
import {
  advisorTotals,
  byAnnouncement,
  dealCompanies,
  dealCount,
  generateAdvisors,
  generateDeal,
  matchesDeal,
  type Deal,
  type DealParty,
  type Side,
} from "./dealwatch-data";
import { matchesKeyword, pageOf } from "./seeded";

/** The Dealwatch API: deals, their companies and advisors, derived from the catalog's companies. */

const COMPANY_PAGE = 5000;
/** Deals are drawn from the first companies of the catalog. */
const MAX_PARTIES = 20_000;
const CACHE_MS = 10 * 60 * 1000;

interface DealBook {
  at: number;
  deals: Deal[];
  companies: Map<number, DealParty>;
}

let book: Promise<DealBook> | undefined;
let bookAt = 0;

async function loadParties(): Promise<DealParty[]> {
  const parties: DealParty[] = [];
  let afterId: string | null = null;
  while (parties.length < MAX_PARTIES) {
    const page = await getCatalog().companyPage({}, { afterId, limit: COMPANY_PAGE });
    parties.push(
      ...page.map((company) => ({
        companyId: companyApiId(company.id),
        name: company.name,
        country: company.country,
        industry: company.isic,
      })),
    );
    if (page.length < COMPANY_PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return parties;
}

const advisors = generateAdvisors();

async function buildBook(): Promise<DealBook> {
  const parties = await loadParties();
  const deals = Array.from({ length: dealCount(parties.length) }, (_, index) => generateDeal(index, parties, advisors)).sort(
    byAnnouncement,
  );
  return { at: Date.now(), deals, companies: new Map(parties.map((party) => [party.companyId, party])) };
}

/** The deals, built once and again every ten minutes (the catalog grows as it advances). */
function dealBook(): Promise<DealBook> {
  if (!book || Date.now() - bookAt > CACHE_MS) {
    bookAt = Date.now();
    book = buildBook();
    book.catch(() => (book = undefined));
  }
  return book;
}

function window(input: CallInput) {
  return { offset: numeric(input, "offset") ?? 0, limit: numeric(input, "limit") ?? 100 };
}

const countryList = (input: CallInput) => list(input, "country")?.map((code) => code.toUpperCase());

const getListCompanies: Handler = async ({ input }) => {
  const { deals, companies } = await dealBook();
  const countries = countryList(input);
  const industry = text(input, "industry");
  const role = text(input, "role") as Side | undefined;
  const matching = dealCompanies(deals, companies).filter(
    (company) =>
      (!countries || countries.includes(company.country)) &&
      (!industry || company.industry.startsWith(industry)) &&
      (!role || company.roles.has(role)) &&
      matchesKeyword(company.name, text(input, "keyword")),
  );
  const { offset, limit } = window(input);
  const page = pageOf(matching, offset, limit);
  return ok({ ...page, data: page.data.map(({ roles: _roles, ...company }) => company) });
};

const getDeals: Handler = async ({ input }) => {
  const query = {
    keyword: text(input, "keyword"),
    companyId: numeric(input, "companyId"),
    advisorId: numeric(input, "advisorId"),
    countries: countryList(input),
    industry: text(input, "industry"),
    dealType: text(input, "dealType"),
    status: text(input, "status"),
    announcedFrom: text(input, "announcedFrom"),
    announcedTo: text(input, "announcedTo"),
    minValue: numeric(input, "minValue"),
  };
  if (query.announcedFrom && query.announcedTo && query.announcedFrom > query.announcedTo) {
    throw badRequest("Bad request: announcedFrom is after announcedTo.");
  }
  const { offset, limit } = window(input);
  return ok(
    pageOf(
      (await dealBook()).deals.filter((deal) => matchesDeal(deal, query)),
      offset,
      limit,
    ),
  );
};

const getListAdvisors: Handler = async ({ input }) => {
  const totals = advisorTotals((await dealBook()).deals);
  const country = text(input, "country")?.toUpperCase();
  const type = text(input, "advisorType");
  const matching = advisors
    .filter((advisor) => (!country || advisor.country === country) && (!type || advisor.advisorType === type))
    .filter((advisor) => matchesKeyword(advisor.name, text(input, "keyword")))
    .map((advisor) => ({
      ...advisor,
      dealCount: totals.get(advisor.advisorId)?.dealCount ?? 0,
      totalValueUsdMillions: totals.get(advisor.advisorId)?.total ?? 0,
    }));
  const { offset, limit } = window(input);
  return ok(pageOf(matching, offset, limit));
};

export const dealwatchHandlers: SetHandlers = {
  secured: { getListCompanies, getDeals, getListAdvisors },
};
