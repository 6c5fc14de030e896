import { describe, expect, it } from "vitest";
import { callsCsv, daysCsv } from "./usage-csv";

describe("the usage CSV files", () => {
  it("lists the days with their classes", () => {
    const csv = daysCsv([{ day: "2026-11-26", calls: 5, success: 2, clientErrors: 1, rateLimited: 1, serverErrors: 1 }]);
    expect(csv).toBe("day,calls,success,client_errors,rate_limited,server_errors\r\n2026-11-26,5,2,1,1,1\r\n");
  });

  it("lists the calls, a user agent that looks like a formula kept as text", () => {
    const csv = callsCsv([
      {
        requestId: "req_aaaaaaaaaaaaaaaaaaaaaaaa",
        account: "account:u1",
        time: "2026-11-26T10:00:00.000Z",
        set: "macroeconomic",
        operation: "searchSeries",
        method: "GET",
        pathTemplate: "/series/search",
        path: "/series/search",
        query: "q=gdp,cpi",
        status: 200,
        latencyMs: 12,
        responseBytes: 300,
        clientAddress: "203.0.113.0",
        userAgent: "=HYPERLINK()",
        error: null,
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe(
      "2026-11-26T10:00:00.000Z,req_aaaaaaaaaaaaaaaaaaaaaaaa,account:u1,macroeconomic,searchSeries,GET,/series/search," +
        '"q=gdp,cpi",200,12,300,203.0.113.0,\'=HYPERLINK(),',
    );
  });
});
