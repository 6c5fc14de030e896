import { describe, expect, it } from "vitest";
import { webConcurrency } from "./runtime.mjs";

describe("webConcurrency", () => {
  it("runs one web process per core unless WEB_CONCURRENCY says otherwise", () => {
    expect(webConcurrency(undefined, 2)).toBe(2);
    expect(webConcurrency("", 8)).toBe(8);
    expect(webConcurrency("3", 2)).toBe(3);
    expect(webConcurrency("1", 16)).toBe(1);
  });

  it("refuses a count that is not a whole number from 1 to 64, naming the variable", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => webConcurrency(value, 2)).toThrow(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`);
    }
  });
});
