import { describe, expect, it } from "vitest";
import { pathParameters, queryBuilderLink } from "./builder-link";

describe("pathParameters", () => {
  it("reads a template's parameters from a path, decoded", () => {
    expect(pathParameters("/series/{seriesId}/observations", "/series/GDP%20Q/observations")).toEqual({ seriesId: "GDP Q" });
    expect(pathParameters("/series/search", "/series/search")).toEqual({});
    expect(pathParameters("/series/{id}", "/companies/7")).toBeNull();
  });
});

describe("queryBuilderLink", () => {
  it("leads to the operation's page with the call's parameters, never its key", () => {
    const link = queryBuilderLink({
      set: "macroeconomic",
      method: "GET",
      pathTemplate: "/series/{seriesId}",
      path: "/series/DB01.GDP",
      query: "q=gdp&limit=2&token=%5Bredacted%5D",
    });
    const url = new URL(link!, "http://portal.test");
    expect(url.pathname).toBe("/docs/econ/macroeconomic/docs");
    expect([...url.searchParams]).toEqual([
      ["path", "/series/{seriesId}"],
      ["method", "get"],
      ["path.seriesId", "DB01.GDP"],
      ["query.q", "gdp"],
      ["query.limit", "2"],
    ]);
  });

  it("has nothing to open for a call no operation answered", () => {
    expect(queryBuilderLink({ set: "macroeconomic", method: "GET", pathTemplate: "", path: "/nowhere", query: "" })).toBeNull();
  });
});
