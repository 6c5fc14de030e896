import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDownloadFile } from "~/modules/docs/exports/downloads.server";
import { SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { notFound } from "~/modules/http/responses";
import { defaultLanguage, isLanguage } from "~/modules/i18n/language";
import { findDocSet } from "~/modules/registry/registry";

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /docs/{vendor}/{api}/downloads/{file}: a guide, client or specification of the set as an attachment;
 * `?lang=zh` gives a guide in Chinese.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  if (!docSet) return notFound();
  const lang = new URL(request.url).searchParams.get("lang");
  try {
    const file = await getDownloadFile(docSet.id, params.file ?? "", isLanguage(lang) ? lang : defaultLanguage);
    if (!file) return notFound();
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "public, max-age=300",
      },
    });
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return plainText("The specification of this documentation set is unavailable.", 500);
  }
}
