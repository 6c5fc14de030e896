import { describe, expect, it } from "vitest";
import { isOpenEnded, subscriptionState } from "./subscription-state";

const now = Date.parse("2026-11-27T12:00:00Z");

describe("subscriptionState", () => {
  it("tells running, ending, ended and future subscriptions apart", () => {
    const startsAt = "2026-01-01T00:00:00Z";
    expect(subscriptionState({ startsAt, endsAt: "2027-06-01T00:00:00Z" }, now)).toEqual({ state: "active" });
    expect(subscriptionState({ startsAt, endsAt: "2026-12-27T12:00:00Z" }, now)).toEqual({ state: "ending", daysLeft: 30 });
    expect(subscriptionState({ startsAt, endsAt: "2026-11-27T13:00:00Z" }, now)).toEqual({ state: "ending", daysLeft: 1 });
    expect(subscriptionState({ startsAt, endsAt: "2026-11-27T12:00:00Z" }, now)).toEqual({ state: "ended" });
    expect(subscriptionState({ startsAt: "2026-12-01T00:00:00Z", endsAt: "2027-12-01T00:00:00Z" }, now)).toEqual({ state: "upcoming" });
  });

  it("reads year 9999 and later as open-ended", () => {
    expect(isOpenEnded("9999-12-31T00:00:00.000Z")).toBe(true);
    expect(isOpenEnded("2099-12-31T00:00:00.000Z")).toBe(false);
    expect(subscriptionState({ startsAt: "2026-01-01T00:00:00Z", endsAt: "9999-12-31T00:00:00Z" }, now)).toEqual({ state: "active" });
  });
});
