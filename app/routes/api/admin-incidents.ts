import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { listLimitSchema } from "~/modules/forms/list-limit";
import { translateErrors } from "~/modules/forms/messages";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { readIncidentSearch, showIncident } from "~/modules/incidents/incident-lookup";
import { findIncident, listIncidents } from "~/modules/incidents/incidents.server";

/**
 * GET /api/admin/incidents?id=: one incident (422 'Invalid ID', 404 when none has it); without id, the recent
 * incidents without their stack traces, newest first, filtered by path, username, from and to (days) and limit.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const t = await getFixedT(request);
  const search = new URL(request.url).searchParams;
  const { id, idError, filter, filterErrors } = readIncidentSearch(search);
  if (idError) return jsonResponse({ errors: { id: t(idError) } }, 422);
  if (id) {
    const row = await findIncident(id);
    return row ? jsonResponse(showIncident(row)) : jsonNotFound(t("admin.incidents.notFound"));
  }
  if (!filter) return jsonResponse({ errors: translateErrors(t, filterErrors) }, 422);
  const limit = listLimitSchema.safeParse({ limit: search.get("limit") });
  if (!limit.success) return zodErrorResponse(limit.error, t);
  return jsonResponse({ incidents: await listIncidents({ ...filter, limit: limit.data.limit }) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
