import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { documentsOptions } from "~/modules/catalog/options.server";
import { getCatalog } from "~/modules/catalog/source.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";

/**
 * GET /api/documents-options: the choices of the documents feed form.
 * 401 without a session, 403 without a documents subscription (admins pass).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "documents");
  return jsonResponse(await documentsOptions(getCatalog()));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiSubscription(request, "documents");
  return methodNotAllowed("GET");
}
