import { describe, expect, it } from "vitest";
import { upstreamUrlsSchema } from "./upstream-urls";

describe("UPSTREAM_URLS", () => {
  it("maps set ids to base URLs without a trailing slash", () => {
    expect(upstreamUrlsSchema.parse(undefined)).toEqual({});
    expect(upstreamUrlsSchema.parse("macroeconomic=https://econ.example.com/v1/, fund-flows=http://10.0.0.5:8080")).toEqual({
      macroeconomic: "https://econ.example.com/v1",
      "fund-flows": "http://10.0.0.5:8080",
    });
  });

  it("refuses unknown sets, repeated sets and what is not an http(s) base URL", () => {
    const problem = (value: string) => upstreamUrlsSchema.safeParse(value).error?.issues[0]?.message;
    expect(problem("weather=https://x.example.com")).toMatch(/weather is not a documentation set id/);
    expect(problem("sandbox=https://a.example.com,sandbox=https://b.example.com")).toMatch(/sandbox is named twice/);
    expect(problem("sandbox")).toMatch(/needs an http\(s\) URL/);
    expect(problem("sandbox=ftp://x.example.com")).toMatch(/needs an http\(s\) URL/);
    expect(problem("sandbox=https://x.example.com/v1?key=1")).toMatch(/without query or fragment/);
  });
});
