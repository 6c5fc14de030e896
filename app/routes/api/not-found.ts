import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonResponse } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** Any /api/… address no route answers: a JSON 404 in the API's own terms, for every method. */
async function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const t = await getFixedT(request);
  return jsonResponse({ error: t("http.apiNotFound") }, 404);
}

export const loader = notFound;
export const action = notFound;
