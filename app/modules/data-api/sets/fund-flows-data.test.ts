import { describe, expect, it } from "vitest";
import { assetClassesOf, reportColumns, reportDates, reportOutput } from "./fund-flows-data";

describe("fund flows data", () => {
  it("gives allocation datasets only equity and bond asset classes", () => {
    expect(assetClassesOf("CA").map((assetClass) => assetClass.id)).toEqual([1, 11, 12, 13, 2, 21, 22, 23]);
    expect(assetClassesOf("FF")).toHaveLength(12);
  });

  it("dates rows by business day, Friday or month end", () => {
    expect(reportDates("2024-02-01", "2024-04-30", "Monthly")).toEqual(["2024-02-29", "2024-03-31", "2024-04-30"]);
    expect(reportDates("2024-03-01", "2024-03-15", "Weekly")).toEqual(["2024-03-01", "2024-03-08", "2024-03-15"]);
    expect(reportDates("2024-03-08", "2024-03-11", "Daily")).toEqual(["2024-03-08", "2024-03-11"]);
  });

  it("answers one row per date, asset class and category, the same for a day whatever the range", () => {
    expect(reportColumns("SA", undefined)).toEqual(["Date", "AssetClass", "Category", "AllocationPct"]);
    const spec = {
      dataset: "CF" as const,
      frequency: "Monthly" as const,
      assetClasses: [11],
      categories: ["Germany"],
      assets: ["Flow", "AssetsEnd"],
    };
    const long = reportOutput({ ...spec, from: "2024-01-01", to: "2024-06-30" });
    expect(long.ColumnNames).toEqual(["Date", "AssetClass", "Category", "Flow", "AssetsEnd"]);
    expect(long.Rows).toHaveLength(6);
    expect(long.Rows[5]!.slice(0, 3)).toEqual(["2024-06-30", "Emerging Markets Equity", "Germany"]);
    const short = reportOutput({ ...spec, from: "2024-06-01", to: "2024-06-30" });
    expect(short.Rows[0]![4]).toBe(long.Rows[5]![4]);
  });
});
