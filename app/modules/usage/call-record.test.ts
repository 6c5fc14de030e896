import { describe, expect, it } from "vitest";
import {
  callRecord,
  dailyTotals,
  loggedQuery,
  loggedUserAgent,
  newRequestId,
  REQUEST_ID_PATTERN,
  statusClass,
  truncatedAddress,
} from "./call-record";

describe("a call's record", () => {
  it("names each request with an unguessable id of one shape", () => {
    const ids = new Set(Array.from({ length: 200 }, newRequestId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
  });

  it("keeps the query without its credentials", () => {
    expect(
      loggedQuery([
        ["q", "gdp china"],
        ["token", "econ_4oyuAbCdEfGhIjKlMnOp"],
        ["limit", "5"],
      ]),
    ).toBe("q=gdp+china&token=[redacted]&limit=5");
    expect(loggedQuery([["api_key", "secret-value"]])).not.toContain("secret-value");
  });

  it("keeps the client's network, not the client", () => {
    expect(truncatedAddress("203.0.113.77")).toBe("203.0.113.0");
    expect(truncatedAddress("::ffff:198.51.100.9")).toBe("198.51.100.0");
    expect(truncatedAddress("2001:db8:1234:5678::1")).toBe("2001:db8:1234::");
    expect(truncatedAddress("not an address")).toBe("unknown");
    expect(truncatedAddress(undefined)).toBe("unknown");
  });

  it("sorts statuses into the chart's classes, 429 apart", () => {
    expect([200, 204, 304, 400, 404, 429, 500, 503].map(statusClass)).toEqual(["2xx", "2xx", "2xx", "4xx", "4xx", "429", "5xx", "5xx"]);
  });

  it("keeps a user agent on one line, at most 200 characters", () => {
    expect(loggedUserAgent("curl/8.5\r\nX-Injected: yes")).toBe("curl/8.5 X-Injected: yes");
    expect(loggedUserAgent("x".repeat(500))).toHaveLength(200);
    expect(loggedUserAgent(undefined)).toBe("");
  });

  it("records what the server learned, the error's text and no secret in the path", () => {
    const record = callRecord({
      requestId: "req_aaaaaaaaaaaaaaaaaaaaaaaa",
      at: new Date("2026-11-27T10:00:00Z"),
      set: "macroeconomic",
      method: "GET",
      path: "/series/econ_4oyuAbCdEfGhIjKlMnOpQr",
      query: [["token", "econ_4oyuAbCdEfGhIjKlMnOpQr"]],
      clientAddress: "192.0.2.55",
      userAgent: "python-requests/2.31",
      answer: {
        status: 404,
        body: JSON.stringify({ error: "Not found: no series has this id.", code: 404 }),
        facts: { operation: "getSeries", pathTemplate: "/series/{id}", account: "account:u1", keyId: "k1" },
      },
      latencyMs: 12.6,
    });
    expect(record).toMatchObject({
      account: "account:u1",
      keyId: "k1",
      operation: "getSeries",
      pathTemplate: "/series/{id}",
      status: 404,
      latencyMs: 13,
      clientAddress: "192.0.2.0",
      error: "Not found: no series has this id.",
    });
    expect(JSON.stringify(record)).not.toContain("4oyuAbCdEfGhIjKlMnOpQr");
  });

  it("sums a batch per day, account, set, operation and status class, across midnight", () => {
    const base = {
      requestId: "",
      keyId: null,
      set: "macroeconomic",
      method: "GET",
      pathTemplate: "/series/search",
      path: "",
      query: "",
      responseBytes: 0,
      clientAddress: "",
      userAgent: "",
      error: null,
    };
    const totals = dailyTotals([
      { ...base, at: new Date("2026-11-26T23:59:59Z"), account: "a", operation: "search", status: 200, latencyMs: 10 },
      { ...base, at: new Date("2026-11-27T00:00:00Z"), account: "a", operation: "search", status: 200, latencyMs: 20 },
      { ...base, at: new Date("2026-11-27T00:00:01Z"), account: "a", operation: "search", status: 201, latencyMs: 30 },
      { ...base, at: new Date("2026-11-27T00:00:02Z"), account: "a", operation: "search", status: 429, latencyMs: 1 },
    ]);
    expect(totals).toEqual([
      { day: "2026-11-26", account: "a", set: "macroeconomic", operation: "search", statusClass: "2xx", calls: 1, latencyMsTotal: 10 },
      { day: "2026-11-27", account: "a", set: "macroeconomic", operation: "search", statusClass: "2xx", calls: 2, latencyMsTotal: 50 },
      { day: "2026-11-27", account: "a", set: "macroeconomic", operation: "search", statusClass: "429", calls: 1, latencyMsTotal: 1 },
    ]);
  });
});
