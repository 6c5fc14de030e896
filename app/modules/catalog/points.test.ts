import { describe, expect, it } from "vitest";
import type { StoredPoint } from "./generator";
import { selectPoints } from "./points";

const stored: StoredPoint[] = [
  ["2025-03-31", 10],
  ["2025-04-30", 11],
  ["2025-04-30", 11.5, 1, "2025-06-25T08:00:00.000Z"],
  ["2025-05-31", 12],
  ["2025-05-31", 12.4, 1, "2026-01-01T00:00:00.000Z"],
];

describe("selectPoints", () => {
  it("gives the latest value of each date, with its revision and publication", () => {
    expect(selectPoints("monthly", stored)).toEqual([
      { date: "2025-03-31", value: 10, revision: 0, publishedAt: "2025-04-25T08:00:00.000Z" },
      { date: "2025-04-30", value: 11.5, revision: 1, publishedAt: "2025-06-25T08:00:00.000Z" },
      { date: "2025-05-31", value: 12.4, revision: 1, publishedAt: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("gives every vintage on request", () => {
    const vintages = selectPoints("monthly", stored, { vintages: true });
    expect(vintages.map((point) => [point.date, point.value, point.revision])).toEqual([
      ["2025-03-31", 10, 0],
      ["2025-04-30", 11, 0],
      ["2025-04-30", 11.5, 1],
      ["2025-05-31", 12, 0],
      ["2025-05-31", 12.4, 1],
    ]);
  });

  it("keeps only what was published after a moment", () => {
    const since = "2025-06-25T08:00:00.000Z";
    expect(selectPoints("monthly", stored, { publishedAfter: since }).map((point) => point.value)).toEqual([12.4]);
    expect(selectPoints("monthly", stored, { publishedAfter: since, vintages: true }).map((point) => point.value)).toEqual([12.4]);
    expect(
      selectPoints("monthly", stored, { publishedAfter: "2025-05-01T00:00:00.000Z", vintages: true }).map((point) => point.value),
    ).toEqual([11, 11.5, 12, 12.4]);
  });
});
