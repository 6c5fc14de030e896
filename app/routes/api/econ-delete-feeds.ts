import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProduct } from "~/modules/catalog/access.server";
import { parseIdList } from "~/modules/feeds/econ-form";
import { deleteEconFeeds, listEconFeeds } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/econ-delete-feeds {ids}: deletes the selected feeds at once (an admin can recover them).
 * Every id must be a feed the user may see (their own, any for an admin), or nothing is deleted.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiProduct(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const ids = parseIdList(body.value.ids);
  if (ids.length === 0) return jsonResponse({ errors: { ids: t("validation.required") } }, 422);
  if (ids.length > 10_000) return jsonResponse({ errors: { ids: t("validation.tooManyIds") } }, 422);

  const visible = new Set((await listEconFeeds(user)).map((feed) => feed.id));
  if (ids.some((id) => !visible.has(id))) return jsonResponse({ error: t("econApi.feedNotFound") }, 404);
  return jsonResponse({ deleted: await deleteEconFeeds(user, ids) });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiProduct(request, "macroeconomic");
  return methodNotAllowed();
}
