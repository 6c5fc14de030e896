import { redirect } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/modules/env/env.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { codeLanguageCookie, codeLanguages, isLocalReturnPath } from "~/modules/content/code-language";

/** The tabs' form: the language chosen and the page (with the tabs' anchor) to return to. */
const codeLanguageForm = z.object({
  language: z.enum(codeLanguages),
  back: z.string().max(2000).refine(isLocalReturnPath),
});

/**
 * A tab chosen without JavaScript: the cookie keeps the choice and the reader returns to the tabs they clicked
 * (303, so a reload does not post again). With JavaScript the page's script switches in place and writes the
 * same cookie itself.
 */
export async function chooseCodeLanguage(request: Request): Promise<Response> {
  const parsed = codeLanguageForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return new Response("Choose one of the languages of the tabs.", { status: 400 });
  const secure = env.PUBLIC_URL.startsWith("https://");
  return redirect(parsed.data.back, { status: 303, headers: { "Set-Cookie": codeLanguageCookie(parsed.data.language, secure) } });
}
