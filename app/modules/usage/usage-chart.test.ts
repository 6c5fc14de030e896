import { describe, expect, it } from "vitest";
import { chartLayout, niceTop } from "./usage-chart";

const day = (name: string, success: number, clientErrors = 0, rateLimited = 0, serverErrors = 0) => ({
  day: name,
  success,
  clientErrors,
  rateLimited,
  serverErrors,
});

describe("niceTop", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 130, 501, 5000].map(niceTop)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000, 5000]);
  });
});

describe("chartLayout", () => {
  it("stacks each day's classes from the bottom, heights in proportion to the calls", () => {
    const layout = chartLayout([day("2026-11-01", 6, 2, 1, 1), day("2026-11-02", 0)], 456, 232);
    expect(layout.top).toBe(10);
    expect(layout.plot).toEqual({ left: 48, top: 8, width: 400, height: 200 });
    const [first, second] = layout.bars;
    expect(first!.total).toBe(10);
    expect(first!.segments.map((segment) => [segment.series, segment.height, segment.y])).toEqual([
      ["success", 120, 88],
      ["clientErrors", 40, 48],
      ["rateLimited", 20, 28],
      ["serverErrors", 20, 8],
    ]);
    expect(second!.segments).toEqual([]);
    expect(first!.x).toBe(48 + 30);
    expect(first!.width).toBe(140);
    expect(second!.x).toBe(248 + 30);
  });

  it("puts grid lines at quarters of the top, and keeps a scale for days without calls", () => {
    const empty = chartLayout([day("2026-11-01", 0)], 456, 232);
    expect(empty.top).toBe(1);
    expect(empty.ticks.map((tick) => [tick.value, tick.y])).toEqual([
      [0, 208],
      [0.25, 158],
      [0.5, 108],
      [0.75, 58],
      [1, 8],
    ]);
  });
});
