import { llmsTxt } from "~/modules/docs/llms.server";
import { SpecUnavailableError } from "~/modules/docs/routing-data.server";

const plainText = (text: string, status = 200) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /llms.txt: the documentation index for coding assistants (https://llmstxt.org), every set and page as markdown. */
export async function loader() {
  try {
    return plainText(await llmsTxt());
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return plainText("The specification of a documentation set is unavailable.", 500);
  }
}
