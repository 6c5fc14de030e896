import { describe, expect, it } from "vitest";
import type { Point, SeriesRecord } from "~/modules/catalog/catalog";
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
