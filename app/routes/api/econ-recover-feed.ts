import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { recoverEconFeed } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** POST /api/econ-recover-feed {id}: an admin brings a deleted feed back (inactive). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  if (!user.isAdmin) return jsonResponse({ error: t("econApi.adminOnly") }, 403);
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const id = typeof body.value.id === "string" ? body.value.id.trim() : "";
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  if (!(await recoverEconFeed(id))) return jsonResponse({ error: t("econApi.recoverFailed") }, 404);
  return jsonResponse({ id });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed();
}
