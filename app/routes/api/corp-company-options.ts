import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { corpCompanyOptions } from "~/modules/catalog/options.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";

/**
 * GET /api/corp-company-options: the choices of the company feed and dump forms.
 * 401 without a session, 403 without a company subscription (admins pass).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "company");
  return jsonResponse(await corpCompanyOptions(getCatalog()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiSubscription(request, "company");
  return methodNotAllowed("GET");
}
