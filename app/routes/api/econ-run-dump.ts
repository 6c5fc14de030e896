import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { readVisibleFeedIds } from "~/modules/feeds/econ-api.server";
import { runEconFeedsAsDumps } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { recordIncident } from "~/modules/incidents/incidents.server";

/**
 * POST /api/econ-run-dump {ids}: each selected feed runs as a dump with its selection; answers the new
 * dump ids. Every id must be a feed the user may see (their own, any for an admin), or nothing runs.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const ids = await readVisibleFeedIds(request, user, t);
  if (!ids.ok) return ids.response;
  try {
    return jsonResponse({ dumps: await runEconFeedsAsDumps(user, ids.value) }, 201);
  } catch (error) {
    await recordIncident({ request, error, username: user.username }).catch(() => undefined);
    return jsonResponse({ error: t("econApi.dumpFailed") }, 503);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed();
}
