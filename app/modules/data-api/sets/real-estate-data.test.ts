import { describe, expect, it } from "vitest";
import { indicators, markets, matchesProperty, observations, periodEnds, properties } from "./real-estate-data";

describe("real estate data", () => {
  it("has one market per catalog city with unique ids, tracking offices everywhere", () => {
    expect(new Set(markets.map((market) => market.id)).size).toBe(markets.length);
    expect(markets.every((market) => /^[A-Z]{2}-[A-Z]{1,3}\d?$/.test(market.id) && market.segments.includes("office"))).toBe(true);
    expect(new Set(properties.map((property) => property.id)).size).toBe(properties.length);
  });

  it("dates observations by period end up to the latest quarter covered, the same on every call", () => {
    expect(periodEnds("quarterly").slice(0, 2)).toEqual(["2015-03-31", "2015-06-30"]);
    expect(periodEnds("quarterly").at(-1)).toBe("2025-03-31");
    expect(periodEnds("annual").at(-1)).toBe("2024-12-31");
    const market = markets[0]!;
    expect(observations(market, indicators[0]!, "monthly")).toEqual(observations(market, indicators[0]!, "monthly"));
    const vacancy = observations(market, indicators[1]!, "monthly");
    expect(vacancy.every((point) => point.value >= 0.5 && point.value <= 95)).toBe(true);
  });

  it("searches buildings by market, segment, area and words", () => {
    const property = properties[0]!;
    expect(matchesProperty(property, { marketId: property.market_id, segment: property.segment, minArea: property.gross_area_sqm })).toBe(
      true,
    );
    expect(matchesProperty(property, { maxArea: property.gross_area_sqm - 1 })).toBe(false);
    expect(matchesProperty(property, { keyword: property.name.split(" ")[0] })).toBe(true);
  });
});
