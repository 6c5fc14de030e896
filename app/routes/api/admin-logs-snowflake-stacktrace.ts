import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { findSnowflakeIncident } from "~/modules/incidents/snowflake-incidents.server";
import { readSnowflakeSearch, showSnowflakeIncident } from "~/modules/incidents/snowflake-lookup";

/** GET /api/admin/logs/snowflake-stacktrace?id=: one snowflake incident with its stack trace and its additional data as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const t = await getFixedT(request);
  const { id } = readSnowflakeSearch(new URL(request.url).searchParams);
  if (!id) return jsonResponse({ errors: { id: t("admin.incidents.invalidId") } }, 422);
  const row = await findSnowflakeIncident(id);
  return row ? jsonResponse(showSnowflakeIncident(row)) : jsonNotFound(t("admin.incidents.notFound"));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
