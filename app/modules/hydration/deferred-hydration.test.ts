import { describe, expect, it } from "vitest";
import { defersHydration, type HydrationHandle } from "./deferred-hydration";

const layout: HydrationHandle = { deferHydration: true };
const page: HydrationHandle = { deferHydration: (data) => !(data as { form?: boolean }).form };

describe("defersHydration", () => {
  it("hydrates at once where no route says otherwise", () => {
    expect(defersHydration([])).toBe(false);
    expect(defersHydration([{ handle: undefined }, { handle: { other: true } }])).toBe(false);
  });

  it("waits where a route says so, for every page below it", () => {
    expect(defersHydration([{}, { handle: layout }, { handle: undefined, data: {} }])).toBe(true);
  });

  it("lets the deepest route that says anything decide, from its data", () => {
    expect(defersHydration([{ handle: layout }, { handle: page, data: { form: false } }])).toBe(true);
    expect(defersHydration([{ handle: layout }, { handle: page, data: { form: true } }])).toBe(false);
    expect(defersHydration([{ handle: { deferHydration: false } }, { handle: layout }])).toBe(true);
  });
});
