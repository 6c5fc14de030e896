import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { listLimitSchema } from "~/modules/forms/list-limit";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { listSnowflakeIncidents } from "~/modules/incidents/snowflake-incidents.server";
import { readSnowflakeSearch } from "~/modules/incidents/snowflake-lookup";

/**
 * GET /api/admin/logs/snowflake: the recent snowflake (pipeline) incidents without their stack traces and data,
 * newest first, filtered by severity, from and to (days) and limit; one incident is logs/snowflake-stacktrace?id=.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const t = await getFixedT(request);
  const search = new URL(request.url).searchParams;
  const { filter, filterErrors } = readSnowflakeSearch(search);
  if (!filter) return jsonResponse({ errors: translateErrors(t, filterErrors) }, 422);
  const limit = listLimitSchema.safeParse({ limit: search.get("limit") });
  if (!limit.success) return zodErrorResponse(limit.error, t);
  return jsonResponse({ incidents: await listSnowflakeIncidents({ ...filter, limit: limit.data.limit }) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
