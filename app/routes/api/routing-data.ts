import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDocSetData, routingJson, SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { jsonResponse } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { isDocSetId } from "~/modules/registry/registry";

/** GET /api/routing/data/{apiName}: routes, navigation, spec and base URL; 404 unknown set, 500 broken spec. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!isDocSetId(params.apiName)) return jsonNotFound("Unknown documentation set.");
  try {
    return new Response(routingJson(await getDocSetData(params.apiName)), {
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return jsonResponse({ error: error.message }, 500);
  }
}
