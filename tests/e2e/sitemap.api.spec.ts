import { expect } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { test } from "./support/test";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

interface Listed {
  loc: string;
  alternates: Record<string, string>;
}

test.describe.configure({ mode: "parallel" });

test(
  "[security3-item7] robots.txt keeps crawlers out of the private areas and names the sitemap",
  { tag: "@no-db" },
  async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const lines = (await response.text()).split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const rule of [
      "/dashboard",
      "/zh/dashboard",
      "/api/",
      "/data-api/",
      "/reset-password",
      "/zh/reset-password",
      "/api-products/econ/sandbox/",
    ]) {
      expect(lines, rule).toContain(`Disallow: ${rule}`);
    }
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  },
);

test(
  "[security3-item7] sitemap.xml is well-formed, lists every public and docs page in both languages with alternates, and each answers 200",
  { tag: "@no-db" },
  async ({ request, page }) => {
    test.setTimeout(180_000);
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await response.text();

    // The browser's own XML parser: strict, and namespace-aware.
    const parsed = await page.evaluate(
      ({ text, sitemapNs, xhtmlNs }) => {
        const document = new DOMParser().parseFromString(text, "application/xml");
        const error = document.getElementsByTagName("parsererror")[0]?.textContent ?? null;
        const root = document.documentElement;
        const urls = [...document.getElementsByTagNameNS(sitemapNs, "url")].map((url) => ({
          loc: url.getElementsByTagNameNS(sitemapNs, "loc")[0]?.textContent ?? "",
          alternates: Object.fromEntries(
            [...url.getElementsByTagNameNS(xhtmlNs, "link")].map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
          ),
        }));
        return { error, root: { name: root.localName, ns: root.namespaceURI }, urls };
      },
      { text: xml, sitemapNs: SITEMAP_NS, xhtmlNs: XHTML_NS },
    );
    expect(parsed.error).toBeNull();
    expect(parsed.root).toEqual({ name: "urlset", ns: SITEMAP_NS });
    const urls: Listed[] = parsed.urls;
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);

    for (const { loc, alternates } of urls) {
      expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
      const path = loc.slice(baseURL.length);
      expect(path, loc).not.toMatch(/^\/(?:(?:en|zh)\/)?(?:dashboard|api\/|data-api\/|reset-password)/);
      expect(Object.keys(alternates).sort(), loc).toEqual(["en", "x-default", "zh-CN"]);
      expect(alternates["x-default"], loc).toBe(alternates.en);
      const english = alternates.en!.slice(baseURL.length);
      expect(alternates["zh-CN"], loc).toBe(`${baseURL}/zh${english === "/" ? "" : english}`);
      expect([alternates.en, alternates["zh-CN"]], loc).toContain(loc);
      // Both languages are listed themselves.
      expect(locs, loc).toContain(alternates.en);
      expect(locs, loc).toContain(alternates["zh-CN"]);
    }

    const known = [
      "/",
      "/zh",
      "/api-products/econ/sandbox",
      "/contact/report-bug",
      "/docs",
      "/docs/econ/macroeconomic",
      "/zh/docs/econ/macroeconomic/getting-started/prerequisites",
      "/docs/corp/api-v2/getting-started/authentication",
      "/docs/econ/macroeconomic/docs/series",
      "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get",
      "/zh/docs/flows/api-v2/postman-collection",
      "/docs/estate/api-v1/models",
      "/docs/econ/sandbox/register-trial",
    ];
    for (const path of known) expect(locs, path).toContain(path === "/" ? `${baseURL}/` : `${baseURL}${path}`);
    // Every one of the 8 sets, in both languages.
    for (const set of [
      "econ/macroeconomic",
      "econ/sandbox",
      "corp/company",
      "corp/api-v2",
      "corp/documents",
      "corp/dealwatch",
      "flows/api-v2",
      "estate/api-v1",
    ]) {
      expect(locs, set).toContain(`${baseURL}/docs/${set}`);
      expect(locs, set).toContain(`${baseURL}/zh/docs/${set}`);
    }
    expect(urls.length).toBeGreaterThan(400);

    // Six at a time, as a browser fetches: every listed URL is a page that answers 200 without a redirect.
    for (let start = 0; start < locs.length; start += 6) {
      await Promise.all(
        locs.slice(start, start + 6).map(async (loc) => {
          expect((await request.get(loc, { maxRedirects: 0 })).status(), loc).toBe(200);
        }),
      );
    }
  },
);

test(
  "[security3-item7] a page names itself in both languages in its head; a reset page does not",
  { tag: "@no-db" },
  async ({ request }) => {
    const page = await request.get("/zh/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get");
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="zh-CN"');
    const query = "?path=%2Fseries%2F%7Bid%7D&amp;method=get";
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${baseURL}/docs/econ/macroeconomic/docs/series${query}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="zh-CN" href="${baseURL}/zh/docs/econ/macroeconomic/docs/series${query}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${baseURL}/docs/econ/macroeconomic/docs/series${query}"/>`);
    const home = await (await request.get("/")).text();
    expect(home).toContain(`<link rel="alternate" hrefLang="zh-CN" href="${baseURL}/zh"/>`);
    const reset = await (await request.get("/reset-password")).text();
    expect(reset).not.toContain('rel="alternate"');
  },
);
