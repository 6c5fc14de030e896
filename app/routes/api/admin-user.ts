import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeResponse } from "~/modules/accounts/admin-api.server";
import { invitationSummary } from "~/modules/accounts/invitations.server";
import { updateUserSchema } from "~/modules/accounts/user-schemas";
import { getUser, updateUser, userJson } from "~/modules/accounts/users-admin.server";
import { mayBeStoredId } from "~/modules/db/ids";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { requireAdminApiActor } from "~/modules/provisioning/admin-api.server";

/** GET /api/admin/users/{id}: the user with their subscriptions and invitation state. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApiActor(request);
  const id = params.id ?? "";
  const user = mayBeStoredId(id) ? await getUser(id) : null;
  if (!user) return jsonNotFound((await getFixedT(request))("admin.users.notFound"));
  return jsonResponse({ ...userJson(user), invitation: await invitationSummary(id) });
}

/**
 * PATCH /api/admin/users/{id} {firstName?, lastName?, platforms?, isAdmin?, hasTokenDecoder?, locked?, version?}:
 * the user after the change; 409 when `version` is not the user's current one (nothing changed).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApiActor(request);
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
  const t = await getFixedT(request);
  const id = params.id ?? "";
  if (!mayBeStoredId(id)) return jsonNotFound(t("admin.users.notFound"));
  const parsed = await readJsonWith(request, updateUserSchema, t);
  if (!parsed.ok) return parsed.response;
  return changeResponse(await updateUser(admin, id, parsed.data), t);
}
