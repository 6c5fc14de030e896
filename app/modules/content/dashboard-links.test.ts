import { describe, expect, it } from "vitest";
import { dashboardLink } from "./dashboard-links";

describe("dashboardLink", () => {
  it("sends a signed-out reader to sign in and back to the dashboard page", () => {
    expect(dashboardLink("/dashboard/token-management", "sign-in-first")).toBe("/login?redirectTo=%2Fdashboard%2Ftoken-management");
    expect(dashboardLink("/dashboard", "sign-in-first")).toBe("/login?redirectTo=%2Fdashboard");
    expect(dashboardLink("/dashboard/econ/feeds?status=active#list", "sign-in-first")).toBe(
      "/login?redirectTo=%2Fdashboard%2Fecon%2Ffeeds%3Fstatus%3Dactive%23list",
    );
  });

  it("keeps the language of a prefixed link on the sign-in page", () => {
    expect(dashboardLink("/zh/dashboard/corp/dumps", "sign-in-first")).toBe("/zh/login?redirectTo=%2Fdashboard%2Fcorp%2Fdumps");
  });

  it("leaves other links, and every link of a signed-in reader, as they are", () => {
    expect(dashboardLink("/docs/econ/macroeconomic", "sign-in-first")).toBe("/docs/econ/macroeconomic");
    expect(dashboardLink("/dashboards", "sign-in-first")).toBe("/dashboards");
    expect(dashboardLink("https://example.com/dashboard", "sign-in-first")).toBe("https://example.com/dashboard");
    expect(dashboardLink("#dashboard", "sign-in-first")).toBe("#dashboard");
    expect(dashboardLink("/dashboard/token-management", "direct")).toBe("/dashboard/token-management");
  });
});
