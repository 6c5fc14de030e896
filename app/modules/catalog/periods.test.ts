import { describe, expect, it } from "vitest";
import { seriesFrequencies } from "./catalog";
import { firstPublication, lastPublishedPeriod, nextPeriodDate, periodDate, periodIndex } from "./periods";

describe("periods", () => {
  it("name each period by its end date", () => {
    expect(periodDate("monthly", periodIndex("monthly", "2024-02-10"))).toBe("2024-02-29");
    expect(periodDate("quarterly", periodIndex("quarterly", "2025-05-01"))).toBe("2025-06-30");
    expect(periodDate("annual", periodIndex("annual", "2025-05-01"))).toBe("2025-12-31");
    expect(periodDate("weekly", periodIndex("weekly", "2025-06-28"))).toBe("2025-07-04");
    expect(periodDate("weekly", periodIndex("weekly", "2025-07-04"))).toBe("2025-07-04");
    expect(new Date(`${periodDate("weekly", 2900)}T00:00:00Z`).getUTCDay()).toBe(5);
  });

  it("round-trip between dates and indexes", () => {
    for (const frequency of seriesFrequencies) {
      for (const index of [periodIndex(frequency, "1999-12-31"), periodIndex(frequency, "2025-06-30")]) {
        expect(periodIndex(frequency, periodDate(frequency, index))).toBe(index);
      }
    }
  });

  it("step to the next period", () => {
    expect(nextPeriodDate("monthly", "2025-01-31")).toBe("2025-02-28");
    expect(nextPeriodDate("quarterly", "2024-12-31")).toBe("2025-03-31");
    expect(nextPeriodDate("daily", "2024-12-31")).toBe("2025-01-01");
    expect(nextPeriodDate("weekly", "2025-07-04")).toBe("2025-07-11");
    expect(nextPeriodDate("annual", "2024-12-31")).toBe("2025-12-31");
  });

  it("know the last period published at a moment", () => {
    expect(firstPublication("monthly", "2025-05-31")).toBe("2025-06-25T08:00:00.000Z");
    expect(periodDate("monthly", lastPublishedPeriod("monthly", "2025-06-25T08:00:00.000Z"))).toBe("2025-05-31");
    expect(periodDate("monthly", lastPublishedPeriod("monthly", "2025-06-25T07:59:59.999Z"))).toBe("2025-04-30");
    expect(periodDate("annual", lastPublishedPeriod("annual", "2025-03-01T00:00:00.000Z"))).toBe("2023-12-31");
  });
});
