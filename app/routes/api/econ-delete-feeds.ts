import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { readVisibleFeedIds } from "~/modules/feeds/econ-api.server";
import { deleteEconFeeds } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/econ-delete-feeds {ids}: deletes the selected feeds at once (an admin can recover them).
 * Every id must be a feed the user may see (their own, any for an admin), or nothing is deleted.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const ids = await readVisibleFeedIds(request, user, t);
  if (!ids.ok) return ids.response;
  return jsonResponse({ deleted: await deleteEconFeeds(user, ids.value) });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed();
}
