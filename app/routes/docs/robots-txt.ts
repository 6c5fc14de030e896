import { crawlerFilesCacheControl } from "~/modules/docs/sitemap";
import { robots } from "~/modules/docs/sitemap.server";

/** GET /robots.txt: crawlers keep out of the dashboard, reset and access links and the APIs; the sitemap lists the rest. */
export function loader() {
  return new Response(robots(), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": crawlerFilesCacheControl } });
}
