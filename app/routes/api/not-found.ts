import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** Any /api/… address no route answers: a JSON 404 in the API's own terms, for every method. */
async function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const t = await getFixedT(request);
  return jsonNotFound(t("http.apiNotFound"));
}

export const loader = notFound;
export const action = notFound;
