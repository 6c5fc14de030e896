import type { ActionFunctionArgs } from "@remix-run/node";
import { profileSchema } from "~/modules/auth/auth-schemas";
import { requireApiUser } from "~/modules/auth/guards.server";
import { saveProfile } from "~/modules/auth/profile.server";
import { loadCurrentUser, publicUser } from "~/modules/auth/users.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** POST /api/auth/save-profile {firstName, lastName, jobPosition, jobDescription}. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await readJsonWith(request, profileSchema, t);
  if (!parsed.ok) return parsed.response;
  await saveProfile(user.id, parsed.data);
  const saved = await loadCurrentUser(user.id, user.platform);
  return jsonResponse(saved ? publicUser(saved) : { ok: true });
}

export function loader() {
  return methodNotAllowed();
}
