import { contactKinds } from "~/modules/contact/contact-schemas";
import { escapeXml } from "~/modules/delivery/serialize";
import { languages } from "~/modules/i18n/language";
import { productPath, products } from "~/modules/registry/registry";
import { isPrivatePath, pageAlternates, pageUrl, privatePathRules } from "./crawling";

/**
 * /robots.txt and /sitemap.xml (sitemaps.org, with Google's xhtml:link language alternates): every public
 * page and every docs page, each in every language.
 */

/** The public pages outside the docs, as the route map in remix.config.js names them (sitemap.test.ts holds the two together). */
export const publicPagePaths: readonly string[] = [
  "/",
  "/api-products",
  ...products.map(productPath),
  "/docs",
  "/terms",
  "/privacy-policy",
  "/cookie-policy",
  "/contact",
  ...contactKinds.map((kind) => `/contact/${kind}`),
];

/** How long browsers and caches keep robots.txt and the sitemap: an hour, as the files of public/. */
export const crawlerFilesCacheControl = "public, max-age=3600";

/** robots.txt: everything but the private areas, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const site = origin.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePathRules().map((rule) => `Disallow: ${rule}`),
    "",
    `Sitemap: ${site}/sitemap.xml`,
    "",
  ].join("\n");
}

/** One <url> per page and language, each naming the page in every language and the default one; never a private page. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const listed = [...new Set(paths)].filter((path) => !isPrivatePath(path.split("?")[0] ?? ""));
  const entries = listed.flatMap((path) => {
    const alternates = pageAlternates(origin, path)
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`)
      .join("");
    return languages.map((language) => `<url><loc>${escapeXml(pageUrl(origin, path, language))}</loc>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}
