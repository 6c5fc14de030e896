import { SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { crawlerFilesCacheControl } from "~/modules/docs/sitemap";
import { sitemap } from "~/modules/docs/sitemap.server";

/** GET /sitemap.xml: every public and docs page in both languages, with their hreflang alternates. */
export async function loader() {
  try {
    const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": crawlerFilesCacheControl };
    return new Response(await sitemap(), { headers });
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    // A crawler comes back later for a 503, where a 500 would count against the site.
    return new Response("The specification of a documentation set is unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
}
