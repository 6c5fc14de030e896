import { publicOrigin } from "~/modules/env/env.server";
import { docsPagePaths } from "./llms.server";
import { publicPagePaths, robotsTxt, sitemapXml } from "./sitemap";

/** GET /sitemap.xml: the public pages, then every docs page as /llms.txt and /llms-full.txt list them. */
export async function sitemap(): Promise<string> {
  return sitemapXml(publicOrigin(), [...publicPagePaths, ...(await docsPagePaths())]);
}

/** GET /robots.txt */
export function robots(): string {
  return robotsTxt(publicOrigin());
}
