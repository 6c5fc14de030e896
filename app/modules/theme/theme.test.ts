import { describe, expect, it } from "vitest";
import { narrowLayoutLimit, themeForPath } from "./theme";

describe("themeForPath", () => {
  it("chooses the family palette from the path", () => {
    expect(themeForPath("/api-products/econ/macroeconomic")).toBe("macro");
    expect(themeForPath("/zh/docs/corp/api-v2")).toBe("company");
    expect(themeForPath("/dashboard/documents/feeds")).toBe("company");
    expect(themeForPath("/docs/flows/api-v2")).toBe("fund-flow");
    expect(themeForPath("/en/api-products/estate/api")).toBe("intelligence");
    expect(themeForPath("/contact")).toBe("default");
    expect(themeForPath("/")).toBe("default");
  });

  it("uses 1520 px for docs and dashboard, 991 px elsewhere", () => {
    expect(narrowLayoutLimit("/docs/econ/macroeconomic")).toBe(1520);
    expect(narrowLayoutLimit("/zh/dashboard")).toBe(1520);
    expect(narrowLayoutLimit("/contact")).toBe(991);
  });
});
