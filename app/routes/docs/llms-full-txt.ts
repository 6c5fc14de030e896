import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsFullTxt } from "~/modules/docs/llms.server";
import { SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { languageOfPath } from "~/modules/i18n/language";

const plainText = (text: string, status = 200) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /llms-full.txt: every written page of every set in English and each set's API reference, as one markdown text;
 * GET /zh/llms-full.txt: the same in Chinese.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return plainText(await llmsFullTxt(languageOfPath(new URL(request.url).pathname)));
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return plainText("The specification of a documentation set is unavailable.", 500);
  }
}
