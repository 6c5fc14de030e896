import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProduct } from "~/modules/catalog/access.server";
import { parseIdList } from "~/modules/feeds/econ-form";
import { listEconFeeds, runEconFeedsAsDumps } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { recordIncident } from "~/modules/incidents/incidents.server";

/**
 * POST /api/econ-run-dump {ids}: each selected feed runs as a dump with its selection; answers the new
 * dump ids. Every id must be a feed the user may see (their own, any for an admin), or nothing runs.
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
  try {
    return jsonResponse({ dumps: await runEconFeedsAsDumps(user, ids) }, 201);
  } catch (error) {
    await recordIncident({ request, error, username: user.username }).catch(() => undefined);
    return jsonResponse({ error: t("econApi.dumpFailed") }, 503);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiProduct(request, "macroeconomic");
  return methodNotAllowed();
}
