import { describe, expect, it } from "vitest";
import { cycledStop, scrollTopRevealing } from "./page-behaviours";

describe("scrollTopRevealing", () => {
  const view = { top: 100, bottom: 700 };

  it("leaves an entry in view where it is", () => {
    expect(scrollTopRevealing({ top: 100, bottom: 130 }, view, 0)).toBeUndefined();
    expect(scrollTopRevealing({ top: 670, bottom: 700 }, view, 250)).toBeUndefined();
  });

  it("brings an entry below the view to a third of its height", () => {
    expect(scrollTopRevealing({ top: 1500, bottom: 1530 }, view, 0)).toBe(1200);
    expect(scrollTopRevealing({ top: 690, bottom: 720 }, view, 40)).toBe(430);
  });

  it("brings an entry above the view back, never scrolling before the start", () => {
    expect(scrollTopRevealing({ top: -400, bottom: -370 }, view, 900)).toBe(200);
    expect(scrollTopRevealing({ top: 50, bottom: 80 }, view, 20)).toBe(0);
  });
});

describe("cycledStop", () => {
  const stops = ["toggle", "docs", "search", "sign in"];

  it("leaves Tab to the browser inside the menu", () => {
    expect(cycledStop(stops, "docs", false)).toBeUndefined();
    expect(cycledStop(stops, "search", true)).toBeUndefined();
  });

  it("wraps from the last stop to the toggle and from the toggle back to the last", () => {
    expect(cycledStop(stops, "sign in", false)).toBe("toggle");
    expect(cycledStop(stops, "toggle", true)).toBe("sign in");
  });

  it("brings a focus outside the menu back into it", () => {
    expect(cycledStop(stops, null, false)).toBe("toggle");
    expect(cycledStop(stops, "page", true)).toBe("sign in");
  });
});
