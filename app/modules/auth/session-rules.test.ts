import { describe, expect, it } from "vitest";
import { decodeCookieValue, sessionState } from "./session-rules";

const hour = 60 * 60 * 1000;
const start = Date.parse("2026-11-23T08:00:00.000Z");
const session = {
  created_at: new Date(start).toISOString(),
  last_seen_at: new Date(start).toISOString(),
  expires_at: new Date(start + 14 * 24 * hour).toISOString(),
};

describe("sessionState", () => {
  it("[security-18] ends a session idle longer than the timeout, however far its lifetime runs", () => {
    expect(sessionState(session, start + 12 * hour + 1, 12 * hour)).toBe("ended");
    expect(sessionState(session, start + 12 * hour, 12 * hour)).toBe("refresh");
    expect(sessionState({ ...session, last_seen_at: null }, start + 13 * hour, 12 * hour)).toBe("ended");
  });

  it("ends a session past its lifetime even when it was just used", () => {
    const used = { ...session, last_seen_at: new Date(start + 14 * 24 * hour - 1000).toISOString() };
    expect(sessionState(used, start + 14 * 24 * hour, 12 * hour)).toBe("ended");
  });

  it("[security-18] records a use at most once a minute", () => {
    expect(sessionState(session, start + 59_999, 12 * hour)).toBe("fresh");
    expect(sessionState(session, start + 60_000, 12 * hour)).toBe("refresh");
  });
});

describe("decodeCookieValue", () => {
  it("[security-6] reads a broken token cookie as no session instead of throwing", () => {
    expect(decodeCookieValue("%E0%A4%A")).toBeNull();
    expect(decodeCookieValue("%")).toBeNull();
    expect(decodeCookieValue("")).toBeNull();
    expect(decodeCookieValue("abc.def%3D")).toBe("abc.def=");
  });
});
