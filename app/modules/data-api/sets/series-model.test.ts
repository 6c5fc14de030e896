import { describe, expect, it } from "vitest";
import type { Point } from "~/modules/catalog/catalog";
import { dateCount, toTimePoints } from "./series-model";

const vintages: Point[] = [
  { date: "2024-03-31", value: 1, revision: 0, publishedAt: "2024-05-01T00:00:00.000Z" },
  { date: "2024-06-30", value: 2, revision: 0, publishedAt: "2024-08-01T00:00:00.000Z" },
  { date: "2024-06-30", value: 2.5, revision: 1, publishedAt: "2024-09-01T00:00:00.000Z" },
  { date: "2024-09-30", value: 3, revision: 0, publishedAt: "2024-11-01T00:00:00.000Z" },
];

describe("toTimePoints", () => {
  it("answers the latest value of each date with its revision information, oldest first", () => {
    expect(toTimePoints(vintages, { all: false })).toEqual([
      { date: "2024-03-31", value: 1, status: "active", revision_count: 0, previous_value: null, revised_at: null },
      { date: "2024-06-30", value: 2.5, status: "active", revision_count: 1, previous_value: 2, revised_at: "2024-09-01T00:00:00.000Z" },
      { date: "2024-09-30", value: 3, status: "active", revision_count: 0, previous_value: null, revised_at: null },
    ]);
  });

  it("adds the revised values with time_points_status=all, and filters by dates and publication", () => {
    expect(toTimePoints(vintages, { all: true }).map((point) => [point.date, point.status])).toEqual([
      ["2024-03-31", "active"],
      ["2024-06-30", "revised"],
      ["2024-06-30", "active"],
      ["2024-09-30", "active"],
    ]);
    expect(toTimePoints(vintages, { all: false, startDate: "2024-04-01", endDate: "2024-07-01" }).map((point) => point.date)).toEqual([
      "2024-06-30",
    ]);
    expect(toTimePoints(vintages, { all: false, updatedAfter: "2024-08-15T00:00:00Z" }).map((point) => point.value)).toEqual([2.5, 3]);
  });

  it("counts dates, not vintages", () => {
    expect(dateCount(vintages)).toBe(3);
  });
});
