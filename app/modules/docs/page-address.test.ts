import { describe, expect, it } from "vitest";
import { pageAddress } from "./page-address";

describe("pageAddress", () => {
  it("reads a path relative to the set named by apiName", () => {
    expect(pageAddress("macroeconomic", "getting-started/prerequisites/")).toEqual({
      set: "macroeconomic",
      page: "getting-started/prerequisites",
    });
    expect(pageAddress("sandbox", "")).toEqual({ set: "sandbox", page: "" });
  });

  it("accepts the full docs URL, with or without apiName and language prefix", () => {
    expect(pageAddress(null, "/zh/docs/corp/api-v2/getting-started/using-sdk")).toEqual({
      set: "company-v2",
      page: "getting-started/using-sdk",
    });
    expect(pageAddress("fund-flows", "/docs/flows/api-v2/r/full-guide?x=1")).toEqual({ set: "fund-flows", page: "r/full-guide" });
    expect(pageAddress(null, "/docs/estate/api-v1")).toEqual({ set: "real-estate", page: "" });
  });

  it("refuses unknown sets", () => {
    expect(pageAddress("weather", "index")).toBeNull();
    expect(pageAddress(null, "/docs/econ/nowhere/page")).toBeNull();
    expect(pageAddress(null, "getting-started/prerequisites")).toBeNull();
  });
});
