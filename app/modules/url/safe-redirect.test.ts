import { describe, expect, it } from "vitest";
import { safeRedirect, sameSitePath } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirect("/dashboard/econ/feeds?status=active#top")).toBe("/dashboard/econ/feeds?status=active#top");
    expect(safeRedirect("/zh/faq")).toBe("/zh/faq");
  });

  it("[security-4] refuses protocol-relative, absolute and control-character targets", () => {
    for (const target of [
      "//evil.example/x",
      "/\\evil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%5C/evil.example",
      "/%2F/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/%E0%A4%A",
      "",
    ]) {
      expect(safeRedirect(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
    }
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect(["/x"])).toBe("/dashboard");
  });

  it("[security-4] collapses the leading slashes of a requested path so it stays on the site", () => {
    expect(sameSitePath("//evil.com/x", "?a=1")).toBe("/evil.com/x?a=1");
    expect(sameSitePath("///evil.com")).toBe("/evil.com");
    expect(sameSitePath("/docs", "")).toBe("/docs");
  });
});
