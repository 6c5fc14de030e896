import { describe, expect, it } from "vitest";
import { progressiveDelayMs, progressiveWaitMs, retrySeconds, slidingWindowWaitMs, type ProgressivePolicy } from "./limits";

const policy: ProgressivePolicy = { free: 5, firstDelayMs: 1000, maxDelayMs: 300_000, windowMs: 3_600_000 };

describe("slidingWindowWaitMs", () => {
  it("allows attempts below the limit", () => {
    expect(slidingWindowWaitMs([], 10_000, 2, 60_000)).toBe(0);
    expect(slidingWindowWaitMs([9000], 10_000, 2, 60_000)).toBe(0);
  });

  it("waits until the attempt that makes room leaves the window", () => {
    expect(slidingWindowWaitMs([5000, 1000], 10_000, 2, 60_000)).toBe(51_000);
    expect(slidingWindowWaitMs([1000, 5000, 8000], 10_000, 2, 60_000)).toBe(55_000);
  });
});

describe("progressive delays", () => {
  it("[security-5] doubles the wait after the free failures and caps it", () => {
    expect([4, 5, 6, 7, 8].map((failures) => progressiveDelayMs(failures, policy))).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(progressiveDelayMs(40, policy)).toBe(300_000);
  });

  it("[security-5] counts the wait from the newest failure, so waiting it out lets the next attempt through", () => {
    const failures = [1000, 2000, 3000, 4000, 5000];
    expect(progressiveWaitMs(failures, 5400, policy)).toBe(600);
    expect(progressiveWaitMs(failures, 6000, policy)).toBe(0);
    expect(progressiveWaitMs(failures.slice(1), 5001, policy)).toBe(0);
  });

  it("never answers 0 seconds for a refusal", () => {
    expect(retrySeconds(1)).toBe(1);
    expect(retrySeconds(1001)).toBe(2);
  });
});
