import { describe, expect, it } from "vitest";
import { docSetPath, findFamilyForPath, findProduct, getDocSet, productPath, products } from "./registry";

describe("registry", () => {
  it("finds products by vendor code and slug", () => {
    expect(findProduct("econ", "sandbox")?.id).toBe("sandbox");
    expect(findProduct("flows", "api")?.id).toBe("fund-flows");
    expect(findProduct("estate", "api")?.id).toBe("real-estate");
    expect(findProduct("corp", "sandbox")).toBeUndefined();
  });

  it("builds the product and documentation paths of DESIGN.md", () => {
    expect(products.map(productPath)).toEqual([
      "/api-products/econ/macroeconomic",
      "/api-products/econ/sandbox",
      "/api-products/corp/company",
      "/api-products/corp/documents",
      "/api-products/corp/dealwatch",
      "/api-products/flows/api",
      "/api-products/estate/api",
    ]);
    expect(docSetPath(getDocSet("company-v2"))).toBe("/docs/corp/api-v2");
    expect(docSetPath(getDocSet("real-estate"))).toBe("/docs/estate/api-v1");
  });

  it("finds the family a path belongs to", () => {
    expect(findFamilyForPath("/docs/econ/macroeconomic")?.id).toBe("macroeconomic");
    expect(findFamilyForPath("/dashboard/documents/feeds")?.id).toBe("company");
    expect(findFamilyForPath("/api-products/flows/api")?.id).toBe("fund-flows");
    expect(findFamilyForPath("/docs/unknown/x")).toBeUndefined();
    expect(findFamilyForPath("/contact/econ")).toBeUndefined();
  });
});
