import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { requireAdminApi } from "~/modules/provisioning/admin-api.server";
import { adminApiKeySchema } from "~/modules/provisioning/admin-api-keys";
import { createAdminApiKey, listAdminApiKeys } from "~/modules/provisioning/admin-api-keys.server";

/**
 * GET /api/admin/api-keys: {keys: [...]}, never a key itself (read scope). POST {name, scope: "read"|"write"}:
 * 201 {id, key}, the key shown this once; a signed-in admin only, so a key cannot mint keys (403).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request, "read");
  return jsonResponse({ keys: await listAdminApiKeys() });
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAdminApi(request, "write");
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const t = await getFixedT(request);
  if (actor.key) return jsonResponse({ error: t("admin.apiKeys.sessionOnly") }, 403);
  const parsed = await readJsonWith(request, adminApiKeySchema, t);
  if (!parsed.ok) return parsed.response;
  return jsonResponse(await createAdminApiKey(actor.admin, parsed.data), 201, { "Cache-Control": "no-store" });
}
