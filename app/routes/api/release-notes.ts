import type { LoaderFunctionArgs } from "@remix-run/node";
import { releaseNotesKey } from "~/modules/docs/release-notes";
import { getReleaseNotes } from "~/modules/docs/release-notes.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { defaultLanguage, isLanguage } from "~/modules/i18n/language";

/** GET /api/releaseNotes/{set}?lang=en|zh: a set's release notes (or the specification's), newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = releaseNotesKey(params.set);
  if (!key) return jsonNotFound("Unknown release notes.");
  const lang = new URL(request.url).searchParams.get("lang");
  const notes = await getReleaseNotes(key, isLanguage(lang) ? lang : defaultLanguage);
  return jsonResponse({
    set: key,
    title: notes.title,
    entries: notes.entries.map(({ date, area, html, markdown }) => ({ date, area, html, markdown })),
  });
}

export function action() {
  return methodNotAllowed("GET");
}
