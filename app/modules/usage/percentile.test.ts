import { describe, expect, it } from "vitest";
import { percentile } from "./percentile";

describe("percentile", () => {
  it("is a measured value by nearest rank", () => {
    const values = [15, 20, 35, 40, 50];
    expect(percentile(values, 50)).toBe(35);
    expect(percentile(values, 95)).toBe(50);
    expect(percentile(values, 30)).toBe(20);
    expect(percentile(values, 0)).toBe(15);
    expect(percentile(values, 100)).toBe(50);
  });

  it("does not depend on the order and takes the p95 of a hundred calls as the 95th slowest", () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
  });

  it("is null without calls and the one value of one call", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 95)).toBe(7);
  });
});
