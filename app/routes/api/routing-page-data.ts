import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageAddress } from "~/modules/docs/page-address";
import { writtenPageContent } from "~/modules/docs/page-content.server";
import { jsonResponse } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { defaultLanguage, isLanguage } from "~/modules/i18n/language";

/**
 * GET /api/routing/page-data?path=&lang= (and optionally apiName): a written page as {title, content,
 * language}. `lang` other than en or zh falls back to en; a page not yet translated comes in English.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const pagePath = search.get("path");
  if (pagePath === null) return jsonResponse({ error: "The path query parameter is required." }, 400);
  const address = pageAddress(search.get("apiName"), pagePath);
  if (!address) return jsonNotFound("Unknown documentation set.");
  const lang = search.get("lang");
  const content = await writtenPageContent(address.set, address.page, isLanguage(lang) ? lang : defaultLanguage);
  if (!content) return jsonNotFound("Page not found");
  return jsonResponse({ apiName: address.set, path: address.page, ...content });
}
