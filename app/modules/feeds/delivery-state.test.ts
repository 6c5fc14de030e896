import { describe, expect, it } from "vitest";
import { deliveryMaxAttempts, deliveryState, overallState, retryMessage, retryWaitMs } from "./delivery-state";

describe("delivery state", () => {
  it("reads the stored status and attempts as the subscriber's state", () => {
    expect(deliveryState("pending", 0)).toBe("pending");
    expect(deliveryState("pending", 2)).toBe("retrying");
    expect(deliveryState("succeeded", 3)).toBe("delivered");
    expect(deliveryState("failed", 6)).toBe("failed");
    expect(deliveryState("skipped", 0)).toBe("failed");
  });

  it("waits 1, 5 and 30 minutes, then 2 and 6 hours, and gives up after six attempts", () => {
    expect([1, 2, 3, 4, 5].map((failed) => retryWaitMs(failed)! / 60_000)).toEqual([1, 5, 30, 120, 360]);
    expect(retryWaitMs(6)).toBeNull();
    expect(deliveryMaxAttempts).toBe(6);
  });

  it("fails a run when any of its deliveries failed", () => {
    expect(overallState([])).toBeNull();
    expect(overallState(["delivered", "failed", "retrying"])).toBe("failed");
    expect(overallState(["delivered", "retrying"])).toBe("retrying");
    expect(overallState(["delivered", "delivered"])).toBe("delivered");
  });

  it("tells Retry delivery now's outcome: retried, already being attempted, or nothing to retry", () => {
    expect(retryMessage({ retried: 1, inProgress: 1 })).toBe("deliveryHistory.retried");
    expect(retryMessage({ retried: 0, inProgress: 2 })).toBe("deliveryHistory.alreadyInProgress");
    expect(retryMessage({ retried: 0, inProgress: 0 })).toBe("deliveryHistory.nothingToRetry");
  });
});
