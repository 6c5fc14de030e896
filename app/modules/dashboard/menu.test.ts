import { describe, expect, it } from "vitest";
import { listRoutes } from "../../../tests/support/route-map";
import { backTarget, buildDashboardMenu } from "./menu";

const none = { macroeconomic: false, company: false, documents: false, intelligence: false };

describe("buildDashboardMenu", () => {
  it("shows the screens of the products the user subscribes to that have screens", () => {
    const menu = buildDashboardMenu(
      { subscriptions: { ...none, macroeconomic: true, documents: true, intelligence: true }, isAdmin: false, hasTokenDecoder: false },
      "/",
    );
    expect(menu.groups.map((group) => group.label)).toEqual(["dashboard.groups.macroeconomic", "dashboard.groups.documents"]);
    expect(menu.groups[0]!.links.map((link) => link.to)).toEqual(["/dashboard/econ/feeds", "/dashboard/econ/dumps"]);
    expect(menu.groups[1]!.links.map((link) => link.to)).toEqual(["/dashboard/documents/feeds"]);
    expect(menu.admin).toBeNull();
  });

  it("keeps back, profile and token management first", () => {
    const menu = buildDashboardMenu({ subscriptions: none, isAdmin: true, hasTokenDecoder: false }, "/api-products");
    expect(menu.main.map((link) => link.to)).toEqual([
      "/api-products",
      "/dashboard",
      "/dashboard/profile",
      "/dashboard/token-management",
      "/dashboard/webhooks",
      "/dashboard/usage",
    ]);
    expect(menu.groups).toEqual([]);
  });

  it("links only to screens that have a route: every menu link is a screen of the registry remix.config.js builds", () => {
    const paths = listRoutes().map((entry) => `/${entry.pattern}`);
    const everyone = { macroeconomic: true, company: true, documents: true, intelligence: true };
    const menu = buildDashboardMenu({ subscriptions: everyone, isAdmin: true, hasTokenDecoder: true }, "/");
    const links = [...menu.groups, ...(menu.admin ? [menu.admin] : [])].flatMap((group) => group.links).map((link) => link.to);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(paths, link).toContain(`/:lang?${link}`);
  });
});

describe("the admin group of the side menu", () => {
  const everyone = { macroeconomic: true, company: true, documents: true, intelligence: true };
  const adminLinks = (user: Parameters<typeof buildDashboardMenu>[0]) =>
    (buildDashboardMenu(user, "/").admin?.links ?? []).map((link) => link.to);
  it("lists every admin screen that has a route, everyone's feeds and dumps too, and the token decoder only for admins with its flag", () => {
    const paths = listRoutes().map((entry) => `/${entry.pattern}`);
    const withFlag = adminLinks({ subscriptions: none, isAdmin: true, hasTokenDecoder: true });
    const withoutFlag = adminLinks({ subscriptions: everyone, isAdmin: true, hasTokenDecoder: false });
    expect(withFlag).toEqual(
      expect.arrayContaining([
        "/dashboard/admin/dashboard",
        "/dashboard/admin/incidents",
        "/dashboard/admin/macroeconomic-feeds",
        "/dashboard/admin/company-dumps",
        "/dashboard/admin/documents-feeds",
        "/dashboard/admin/token-decoder",
      ]),
    );
    expect(withoutFlag).not.toContain("/dashboard/admin/token-decoder");
    expect(withFlag.filter((link) => link !== "/dashboard/admin/token-decoder")).toEqual(withoutFlag);
    for (const link of withFlag) expect(paths, link).toContain(`/:lang?${link}`);
  });

  it("is empty for anyone but an admin", () => {
    expect(buildDashboardMenu({ subscriptions: everyone, isAdmin: false, hasTokenDecoder: true }, "/").admin).toBeNull();
  });
});

describe("backTarget", () => {
  const origin = "http://localhost:3000";
  it("returns to the previous page of this site", () => {
    expect(backTarget("http://localhost:3000/zh/contact?x=1", origin)).toBe("/zh/contact?x=1");
  });
  it("goes home after a dashboard page, another site or nothing", () => {
    expect(backTarget("http://localhost:3000/dashboard/profile", origin)).toBe("/");
    expect(backTarget("http://localhost:3000/zh/dashboard", origin)).toBe("/");
    expect(backTarget("https://evil.example/", origin)).toBe("/");
    expect(backTarget(null, origin)).toBe("/");
    expect(backTarget("not a url", origin)).toBe("/");
  });
  it("[security-19] a same-origin Referer whose path starts with // goes home, not off the site", () => {
    expect(backTarget("http://localhost:3000//evil.com/x", origin)).toBe("/");
    expect(backTarget("http://localhost:3000/%2F%2Fevil.com", origin)).toBe("/");
  });
});
