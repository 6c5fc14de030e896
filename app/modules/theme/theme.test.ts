import { describe, expect, it } from "vitest";
import { themeForPath } from "./theme";

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
});
