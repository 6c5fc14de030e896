import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsTxt } from "~/modules/docs/llms.server";
import { SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { languageOfPath } from "~/modules/i18n/language";

const plainText = (text: string, status = 200) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /llms.txt: the documentation index for coding assistants (https://llmstxt.org), every set and page as markdown;
 * GET /zh/llms.txt: the same of the Chinese pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return plainText(await llmsTxt(languageOfPath(new URL(request.url).pathname)));
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return plainText("The specification of a documentation set is unavailable.", 500);
  }
}
