import { describe, expect, it } from "vitest";
import type { Point, SeriesRecord } from "~/modules/catalog/catalog";
import { generateSeries } from "~/modules/catalog/generator";
import { selectPoints } from "~/modules/catalog/points";
import { outputOptionsSchema } from "./model";
import { consolidatePoints, convertAmount, seriesRecord } from "./records";

const points: Point[] = [
  { date: "2020-03-31", value: 1, revision: 0, publishedAt: "2020-04-15T00:00:00.000Z" },
  { date: "2020-06-30", value: 3, revision: 1, publishedAt: "2020-08-15T00:00:00.000Z" },
  { date: "2021-03-31", value: 5, revision: 0, publishedAt: "2021-04-15T00:00:00.000Z" },
];

const series: SeriesRecord = {
  id: "S1",
  name: "GDP",
  frequency: "quarterly",
  unit: "USD",
  country: "DE",
  region: "EU",
  indicator: "GDP",
  source: "NSO",
  database: "DB1",
  topic: "TP1",
  section: "SC1",
  table: "TB1",
  startDate: "2020-03-31",
  endDate: "2021-03-31",
  createdAt: "2020-04-15T00:00:00.000Z",
  lastUpdate: "2021-04-15T00:00:00.000Z",
  key: true,
  status: "active",
};

describe("records", () => {
  it("consolidates points to annual values", () => {
    expect(consolidatePoints(points, "none")).toEqual([
      { date: "2020-03-31", value: 1 },
      { date: "2020-06-30", value: 3 },
      { date: "2021-03-31", value: 5 },
    ]);
    expect(consolidatePoints(points, "annual-average")).toEqual([
      { date: "2020-12-31", value: 2 },
      { date: "2021-12-31", value: 5 },
    ]);
    expect(consolidatePoints(points, "annual-sum").map((point) => point.value)).toEqual([4, 5]);
    expect(consolidatePoints(points, "annual-last").map((point) => point.value)).toEqual([3, 5]);
  });

  it("builds series records for metadata only, points and vintages", () => {
    const options = outputOptionsSchema.parse({});
    expect(seriesRecord(series, points, { ...options, metadataOnly: true })).not.toHaveProperty("points");
    expect(seriesRecord(series, points, options)).toMatchObject({
      id: "S1",
      frequency: "quarterly",
      points: [{ date: "2020-03-31", value: 1 }, {}, {}],
    });
    expect(seriesRecord(series, points, { ...options, vintages: true })).toMatchObject({
      points: [{ revision: 0 }, { revision: 1, publishedAt: "2020-08-15T00:00:00.000Z" }, {}],
    });
    expect(seriesRecord(series, points, { ...options, consolidation: "annual-average" })).toMatchObject({ frequency: "annual" });
  });

  it("converts amounts through dollar rates", () => {
    const rates = new Map([
      ["EUR", 0.5],
      ["JPY", 100],
    ]);
    expect(convertAmount(100, "JPY", "USD", rates)).toBe(1);
    expect(convertAmount(100, "JPY", "EUR", rates)).toBe(0.5);
    expect(convertAmount(7, "EUR", "EUR", rates)).toBe(7);
    expect(convertAmount(7, "XXX", "USD", rates)).toBeNull();
  });
});

describe("consolidatePoints", () => {
  /** Each year's values in an array, added up in date order: the values the files held before one pass (issue 27). */
  function byArrays(points: readonly Point[], consolidation: "annual-average" | "annual-sum" | "annual-last") {
    const years = new Map<string, number[]>();
    for (const point of [...points].sort((a, b) => (a.date < b.date ? -1 : 1))) {
      years.set(point.date.slice(0, 4), [...(years.get(point.date.slice(0, 4)) ?? []), point.value]);
    }
    return [...years.entries()].map(([year, values]) => {
      const sum = values.reduce((total, value) => total + value, 0);
      const value = consolidation === "annual-sum" ? sum : consolidation === "annual-last" ? values.at(-1)! : sum / values.length;
      return { date: `${year}-12-31`, value: Math.round(value * 1e6) / 1e6 };
    });
  }

  it("gives each year's values as adding them up in date order does, in any order and of every series", () => {
    for (const consolidation of ["annual-average", "annual-sum", "annual-last"] as const) {
      expect(consolidatePoints([...points].reverse(), consolidation)).toEqual(byArrays(points, consolidation));
      for (let index = 0; index < 200; index++) {
        const { record, points: stored } = generateSeries(index);
        const latest = selectPoints(record.frequency, stored);
        expect(consolidatePoints(latest, consolidation)).toEqual(byArrays(latest, consolidation));
      }
    }
  });
});
