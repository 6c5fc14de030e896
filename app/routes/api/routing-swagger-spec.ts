import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDocSetData, SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { jsonResponse } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { isDocSetId } from "~/modules/registry/registry";

/** GET /api/routing/swagger-spec?apiName=: the set's specification as published; 404 unknown, 500 broken. */
export async function loader({ request }: LoaderFunctionArgs) {
  const apiName = new URL(request.url).searchParams.get("apiName");
  if (!isDocSetId(apiName)) return jsonNotFound("Unknown documentation set.");
  try {
    return jsonResponse((await getDocSetData(apiName)).routing.swaggerSpec);
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return jsonResponse({ error: error.message }, 500);
  }
}
