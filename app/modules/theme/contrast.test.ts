import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, tint } from "./contrast";

describe("contrastRatio", () => {
  it("runs from 1 for the same colour to 21 for black on white, in either order", () => {
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#868e96")).toBeCloseTo(contrastRatio("#868e96", "#ffffff"), 10);
    expect(contrastRatio("#868e96", "#ffffff")).toBeCloseTo(3.32, 2);
  });
});

describe("tint", () => {
  it("paints a translucent colour over a surface", () => {
    expect(tint("#000000", 0.5, "#ffffff")).toBe("#808080");
    expect(tint("#087f5b", 0, "#f1f3f5")).toBe("#f1f3f5");
    expect(tint("#087f5b", 1, "#f1f3f5")).toBe("#087f5b");
  });
});

describe("readableOn", () => {
  it("keeps a colour that already reads", () => {
    expect(readableOn("#1864ab", "#ffffff")).toBe("#1864ab");
  });

  it("darkens a colour until it reaches 4.5:1, or the ratio asked for", () => {
    const green = readableOn("#2f9e44", "#f1f3f5");
    expect(contrastRatio(green, "#f1f3f5")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(green, "#f1f3f5")).toBeLessThan(5);
    expect(contrastRatio(readableOn("#2f9e44", "#ffffff", 7), "#ffffff")).toBeGreaterThanOrEqual(7);
  });
});
