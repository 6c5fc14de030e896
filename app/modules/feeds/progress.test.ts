import { describe, expect, it } from "vitest";
import { isActiveDumpStatus, remainingTime } from "./progress";

describe("remainingTime", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");
  it("says nothing without an estimate and rounds up to minutes and hours", () => {
    expect(remainingTime(null, now)).toEqual({ kind: "unknown" });
    expect(remainingTime("2026-11-22T10:00:30Z", now)).toEqual({ kind: "underMinute" });
    expect(remainingTime("2026-11-22T09:59:00Z", now)).toEqual({ kind: "underMinute" });
    expect(remainingTime("2026-11-22T10:02:01Z", now)).toEqual({ kind: "minutes", minutes: 3 });
    expect(remainingTime("2026-11-22T11:30:00Z", now)).toEqual({ kind: "hours", hours: 1, minutes: 30 });
  });

  it("knows which dumps still change", () => {
    expect(["queued", "running", "completed", "failed", "cancelled"].map(isActiveDumpStatus)).toEqual([true, true, false, false, false]);
  });
});
