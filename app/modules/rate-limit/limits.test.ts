import { describe, expect, it } from "vitest";
import { progressiveDelayMs, retrySeconds, type ProgressivePolicy } from "./limits";

const policy: ProgressivePolicy = { free: 5, firstDelayMs: 1000, maxDelayMs: 300_000, windowMs: 3_600_000 };

describe("progressive delays", () => {
  it("[security-5] doubles the wait after the free failures and caps it", () => {
    expect([4, 5, 6, 7, 8].map((failures) => progressiveDelayMs(failures, policy))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(progressiveDelayMs(40, policy)).toBe(300_000);
  });

  it("never answers 0 seconds for a refusal", () => {
    expect(retrySeconds(1)).toBe(1);
    expect(retrySeconds(1001)).toBe(2);
  });
});
