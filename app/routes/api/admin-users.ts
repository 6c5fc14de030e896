import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createUserSchema, userSearchSchema } from "~/modules/accounts/user-schemas";
import { createUser, searchUsers, userJson } from "~/modules/accounts/users-admin.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { requireAdminApiActor } from "~/modules/provisioning/admin-api.server";
import { localizePathFor } from "~/modules/i18n/language";

/** GET /api/admin/users?q=&platform=&product=&state=&sort=&dir=&page=: a page of users. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiActor(request);
  const search = userSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await searchUsers(search);
  return jsonResponse({ ...page, users: page.users.map((user) => userJson(user)) });
}

/**
 * POST /api/admin/users {email, firstName, lastName, platforms}: 201 with the new user (an invitation is mailed),
 * or 200 with the account the e-mail address already has, unchanged, so a retried call makes no second user.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApiActor(request);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const t = await getFixedT(request);
  const parsed = await readJsonWith(request, createUserSchema, t);
  if (!parsed.ok) return parsed.response;
  const outcome = await createUser(admin, parsed.data, localizePathFor(request, "/invitation"));
  return jsonResponse(userJson(outcome.user), outcome.created ? 201 : 200);
}
