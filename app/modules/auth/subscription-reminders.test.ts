import { describe, expect, it } from "vitest";
import { dueReminder, isOpenEnded } from "./subscription-reminders";

const now = new Date("2026-11-27T12:00:00.000Z");
const inHours = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

describe("dueReminder", () => {
  it("is due 14 days before the end date, and 1 day before", () => {
    expect(dueReminder(inHours(14 * 24), now)).toEqual({ thresholds: [14], daysLeft: 14 });
    expect(dueReminder(inHours(3 * 24 + 5), now)).toEqual({ thresholds: [14], daysLeft: 4 });
    expect(dueReminder(inHours(24), now)).toEqual({ thresholds: [14, 1], daysLeft: 1 });
    expect(dueReminder(inHours(2), now)).toEqual({ thresholds: [14, 1], daysLeft: 1 });
  });

  it("is not due further off, at or after the end, or for an open-ended subscription", () => {
    expect(dueReminder(inHours(14 * 24 + 1), now)).toBeNull();
    expect(dueReminder(now.toISOString(), now)).toBeNull();
    expect(dueReminder(inHours(-1), now)).toBeNull();
    expect(dueReminder("9999-12-31T00:00:00.000Z", new Date("9999-12-25T00:00:00.000Z"))).toBeNull();
    expect(dueReminder("not a date", now)).toBeNull();
  });

  it("counts year 9999 and later as open-ended", () => {
    expect(isOpenEnded("9999-01-01T00:00:00.000Z")).toBe(true);
    expect(isOpenEnded("9998-12-31T23:59:59.000Z")).toBe(false);
  });
});
