import { describe, expect, it } from "vitest";
import { allInsights, generateInsight, INSIGHT_COUNT, matchesInsight } from "./insights";

const cited = (country: string) => [`${country}1`, `${country}2`, `${country}3`, `${country}4`];

describe("insights", () => {
  it("are the same on every run, newest first, citing series of their country", () => {
    expect(generateInsight(3, cited)).toEqual(generateInsight(3, cited));
    const insights = allInsights(cited);
    expect(insights).toHaveLength(INSIGHT_COUNT);
    expect(insights.map((insight) => insight.published)).toEqual(
      insights
        .map((insight) => insight.published)
        .sort()
        .reverse(),
    );
    expect(insights.every((insight) => insight.series_ids.every((id) => id.startsWith(insight.country)))).toBe(true);
    expect(generateInsight(0, () => []).series_ids).toEqual([]);
  });

  it("are searched by words, country, category and publication day", () => {
    const insight = generateInsight(0, cited);
    expect(
      matchesInsight(insight, {
        country: insight.country.toLowerCase(),
        category: insight.category,
        publishedAfter: insight.published.slice(0, 10),
      }),
    ).toBe(true);
    expect(matchesInsight(insight, { keyword: insight.title.split(" ")[0] })).toBe(true);
    expect(matchesInsight(insight, { keyword: "zzz" })).toBe(false);
  });
});
