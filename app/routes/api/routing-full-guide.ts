import type { LoaderFunctionArgs } from "@remix-run/node";
import { docSetPages, isCodeLanguage } from "~/modules/docs/doc-pages";
import { writtenPageContent } from "~/modules/docs/page-content.server";
import { withAbsoluteLinks } from "~/modules/content/absolute-links";
import { env } from "~/modules/env/env.server";
import { jsonResponse } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { defaultLanguage, isLanguage } from "~/modules/i18n/language";
import { isDocSetId } from "~/modules/registry/registry";

/**
 * GET /api/routing/full-development-guide?apiName=&language=python&lang=: a set's full guide as markdown,
 * {apiName, codeLanguage, title, content, language} with language the one the guide is written in and every
 * site link absolute.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const apiName = search.get("apiName");
  const codeLanguage = search.get("language");
  if (!isDocSetId(apiName)) return jsonNotFound("Unknown documentation set.");
  if (!isCodeLanguage(codeLanguage)) return jsonResponse({ error: "The language must be python, javascript, php or r." }, 400);
  if (!docSetPages[apiName].languages[codeLanguage]?.fullGuide) return jsonNotFound("Page not found");
  const lang = search.get("lang");
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const guide = await writtenPageContent(apiName, `${codeLanguage}/full-guide`, language);
  if (!guide) return jsonNotFound("Page not found");
  // A downloaded guide is read away from the site: its links lead back to the portal, in the reader's language.
  const content = withAbsoluteLinks(guide.content, env.PUBLIC_URL, language === defaultLanguage ? null : language);
  return jsonResponse({ apiName, codeLanguage, ...guide, content });
}
