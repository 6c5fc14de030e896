import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { mayBeStoredId } from "~/modules/db/ids";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { actorDetails, requireAdminApi } from "~/modules/provisioning/admin-api.server";
import { revokeAdminApiKey } from "~/modules/provisioning/admin-api-keys.server";

/** DELETE /api/admin/api-keys/{id}: revokes the key at once (write scope); 200 with the key as listed, 404 for an unknown id. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAdminApi(request, "write");
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const id = params.id ?? "";
  const revoked = mayBeStoredId(id) ? await revokeAdminApiKey(actor.admin, id, actorDetails(actor)) : null;
  return revoked ? jsonResponse(revoked) : jsonNotFound((await getFixedT(request))("admin.apiKeys.notFound"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request, "read");
  return methodNotAllowed("DELETE");
}
