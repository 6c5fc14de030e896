import { describe, expect, it } from "vitest";
import { listRoutes } from "../../../tests/support/route-map";
import { publicPagePaths, robotsTxt, sitemapXml } from "./sitemap";

const origin = "https://portal.example.com/";

/** Page routes that are no page for a search engine, each with why. */
const unlisted = new Map([
  ["login", "a sign-in form"],
  ["login/:platform", "a sign-in form"],
  ["logout", "an action"],
  ["reset-password", "private (robots.txt)"],
  ["reset-password/:token", "private (robots.txt)"],
  ["invitation/:token", "private (robots.txt)"],
  ["notification-address/:token", "private (robots.txt)"],
  ["api-products/econ/sandbox/:token", "private (robots.txt)"],
  ["api-products/econ/sandbox/registered", "one visitor's outcome page"],
  ["api-products/econ/sandbox/usage", "one trial key's calls (the visitor's sandbox cookie)"],
  ["api-products/econ/sandbox/usage/:requestId", "one trial key's call"],
  ["api-products/econ/sandbox/usage/calls.csv", "one trial key's calls, as a file"],
  ["api-products/econ/sandbox/usage/days.csv", "one trial key's daily totals, as a file"],
  ["contact/sent", "one visitor's outcome page"],
  ["search", "search results"],
  ["faq", "for signed-in readers"],
  ["docs/:vendor/:set/search", "search results"],
  ["__test/crash", "a test hook"],
  ["*", "not found"],
]);

describe("[security3-item7] the sitemap's public pages", () => {
  it("[security3-item7] are the page routes of remix.config.js: each listed page has a route, each route is listed or said why not", () => {
    const pages = listRoutes()
      .filter((entry) => entry.pattern.startsWith(":lang?"))
      .map((entry) => entry.pattern.replace(/^:lang\?\/?/, ""))
      .filter((pattern) => !pattern.startsWith("dashboard") && !pattern.startsWith("docs/:vendor/:set"));
    const matches = (pattern: string, path: string) => {
      const segments = pattern.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*?]/g, "\\$&")));
      return new RegExp(`^/${segments.join("/")}$`).test(path);
    };
    for (const path of publicPagePaths)
      expect(
        pages.some((pattern) => matches(pattern, path)),
        path,
      ).toBe(true);
    for (const pattern of pages) {
      const listed = publicPagePaths.some((path) => matches(pattern, path));
      expect(listed || unlisted.has(pattern), `/${pattern} is neither in the sitemap nor said why not`).toBe(true);
    }
  });
});

describe("[security3-item7] robots.txt", () => {
  it("[security3-item7] allows the site, keeps crawlers out of the private areas and points to the sitemap", () => {
    const text = robotsTxt(origin);
    const lines = text.split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const rule of [
      "/dashboard",
      "/zh/dashboard",
      "/api/",
      "/data-api/",
      "/reset-password",
      "/invitation/",
      "/api-products/econ/sandbox/",
      "/notification-address/",
    ]) {
      expect(lines, rule).toContain(`Disallow: ${rule}`);
    }
    // "/api" alone would also keep crawlers off /api-products.
    expect(lines).not.toContain("Disallow: /api");
    expect(lines).toContain("Sitemap: https://portal.example.com/sitemap.xml");
    expect(text.endsWith("\n")).toBe(true);
  });
});

describe("[security3-item7] sitemap.xml", () => {
  it("[security3-item7] lists each page in both languages with its alternates, escaped, and never a private page", () => {
    const xml = sitemapXml(origin, ["/", "/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get", "/dashboard", "/"]);
    const lines = xml.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]);
    const home =
      '<xhtml:link rel="alternate" hreflang="en" href="https://portal.example.com/"/>' +
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="https://portal.example.com/zh"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://portal.example.com/"/>';
    const series = "/docs/econ/macroeconomic/docs/series?path=%2Fseries&amp;method=get";
    expect(lines.slice(2)).toEqual([
      `<url><loc>https://portal.example.com/</loc>${home}</url>`,
      `<url><loc>https://portal.example.com/zh</loc>${home}</url>`,
      `<url><loc>https://portal.example.com${series}</loc>` +
        `<xhtml:link rel="alternate" hreflang="en" href="https://portal.example.com${series}"/>` +
        `<xhtml:link rel="alternate" hreflang="zh-CN" href="https://portal.example.com/zh${series}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="https://portal.example.com${series}"/></url>`,
      expect.stringMatching(/^<url><loc>https:\/\/portal\.example\.com\/zh\/docs\/econ\/macroeconomic/),
      "</urlset>",
      "",
    ]);
  });
});
