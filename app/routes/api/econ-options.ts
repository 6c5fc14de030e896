import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { econOptions } from "~/modules/catalog/options.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";

/**
 * GET /api/econ-options: the choices of the macroeconomic feed and dump forms.
 * 401 without a session, 403 without a macroeconomic subscription (admins pass).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return jsonResponse(await econOptions(getCatalog()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed("GET");
}
