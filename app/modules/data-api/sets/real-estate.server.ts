import { numeric, list, text, type CallInput } from "../call-input";
import { badRequest, notFound } from "../errors";
import { ok, type Handler, type SetHandlers } from "../handler";
import { indicators, markets, matchesProperty, observations, properties, type Frequency, type Segment } from "./real-estate-data";
import { pageOf } from "./seeded";

/** The Real Estate API over markets and buildings derived from the catalog's countries and cities. */

function window(input: CallInput) {
  return { offset: numeric(input, "offset") ?? 0, limit: numeric(input, "limit") ?? 100 };
}

function findMarket(id: string) {
  const market = markets.find((candidate) => candidate.id === id.toUpperCase());
  if (!market) throw notFound("Not found: no market has this id.");
  return market;
}

const listMarkets: Handler = async ({ input }) => {
  const country = text(input, "country")?.toUpperCase();
  const segment = text(input, "segment") as Segment | undefined;
  const matching = markets.filter((market) => (!country || market.country === country) && (!segment || market.segments.includes(segment)));
  const { offset, limit } = window(input);
  return ok(pageOf(matching, offset, limit));
};

const getMarket: Handler = async ({ input }) => ok(findMarket(text(input, "id") ?? ""));

const getMarketIndicators: Handler = async ({ input }) => {
  const market = findMarket(text(input, "id") ?? "");
  const codes = list(input, "indicator");
  const unknown = codes?.find((code) => !indicators.some((indicator) => indicator.code === code));
  if (unknown) throw badRequest(`Bad request: ${unknown} is not an indicator code from /indicators.`);
  const segment = (text(input, "segment") ?? "office") as Segment;
  const frequency = (text(input, "frequency") ?? "quarterly") as Frequency;
  const from = text(input, "from");
  const to = text(input, "to");
  if (from && to && from > to) throw badRequest("Bad request: from is after to.");
  const chosen = indicators.filter(
    (indicator) => market.segments.includes(indicator.segment) && (codes ? codes.includes(indicator.code) : indicator.segment === segment),
  );
  const data = chosen.map((indicator) => ({
    indicator: indicator.code,
    segment: indicator.segment,
    unit: indicator.unit.replace("LCU", market.currency),
    frequency,
    observations: observations(market, indicator, frequency).filter((point) => (!from || point.date >= from) && (!to || point.date <= to)),
  }));
  return ok({ market_id: market.id, data });
};

const searchProperties: Handler = async ({ input }) => {
  const query = {
    keyword: text(input, "keyword"),
    marketId: text(input, "market_id")?.toUpperCase(),
    segment: text(input, "segment"),
    minArea: numeric(input, "min_area"),
    maxArea: numeric(input, "max_area"),
    grade: text(input, "grade"),
  };
  const { offset, limit } = window(input);
  return ok(
    pageOf(
      properties.filter((property) => matchesProperty(property, query)),
      offset,
      limit,
    ),
  );
};

const getProperty: Handler = async ({ input }) => {
  const property = properties.find((candidate) => candidate.id === text(input, "id"));
  if (!property) throw notFound("Not found: no property has this id.");
  return ok(property);
};

const listIndicators: Handler = async ({ input }) => {
  const segment = text(input, "segment");
  return ok({ data: indicators.filter((indicator) => !segment || indicator.segment === segment) });
};

export const realEstateHandlers: SetHandlers = {
  secured: { listMarkets, getMarket, getMarketIndicators, searchProperties, getProperty, listIndicators },
};
