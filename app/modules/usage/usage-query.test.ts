import { describe, expect, it } from "vitest";
import { daysBetween, usageQuerySchema, usageRange, usageSearchFields } from "./usage-query";

const parse = (search: string) => usageQuerySchema.safeParse(usageSearchFields(new URLSearchParams(search)));
const errors = (search: string) => {
  const parsed = parse(search);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("a usage question", () => {
  it("takes its defaults from blank or missing fields", () => {
    expect(parse("from=&to=&status=&limit=").data).toEqual({ limit: 100 });
    expect(parse("from=2026-11-01&to=2026-11-27&status=4xx&operation=searchSeries&limit=20").data).toEqual({
      from: "2026-11-01",
      to: "2026-11-27",
      status: "4xx",
      operation: "searchSeries",
      limit: 20,
    });
  });

  it("refuses what it cannot answer, each with its message", () => {
    expect(errors("from=2026-02-30")).toEqual({ from: "usage.invalidDay" });
    expect(errors("to=27/11/2026")).toEqual({ to: "usage.invalidDay" });
    expect(errors("from=2026-11-27&to=2026-11-01")).toEqual({ to: "usage.rangeOrder" });
    expect(errors("from=2024-01-01&to=2026-11-01")).toEqual({ to: "usage.rangeTooLong|max=400" });
    expect(errors("status=2XX")).toEqual({ status: "usage.invalidStatus" });
    expect(errors("status=600")).toEqual({ status: "usage.invalidStatus" });
    expect(errors("requestId=req_123")).toEqual({ requestId: "usage.invalidRequestId" });
    for (const limit of ["0", "501", "ten", "1.5"]) expect(errors(`limit=${limit}`)).toEqual({ limit: "usage.invalidLimit" });
  });

  it("covers the 30 days up to today unless told otherwise", () => {
    const now = new Date("2026-11-27T15:00:00Z");
    expect(usageRange({}, now)).toEqual({ from: "2026-10-29", to: "2026-11-27" });
    expect(usageRange({ to: "2026-11-10" }, now)).toEqual({ from: "2026-10-12", to: "2026-11-10" });
    expect(usageRange({ from: "2026-11-20", to: "2026-11-21" }, now)).toEqual({ from: "2026-11-20", to: "2026-11-21" });
    expect(daysBetween("2026-10-30", "2026-11-02")).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]);
    expect(daysBetween(...(Object.values(usageRange({}, now)) as [string, string]))).toHaveLength(30);
  });
});
