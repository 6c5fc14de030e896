import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { maxIncidents, readIncidentSearch, showIncident } from "~/modules/incidents/incident-lookup";
import { findIncident, listIncidents } from "~/modules/incidents/incidents.server";

const limitSchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "admin.incidents.limit" })
    .int("admin.incidents.limit")
    .min(1, "admin.incidents.limit")
    .max(maxIncidents, "admin.incidents.limit")
    .default(maxIncidents),
});

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
    return row ? jsonResponse(showIncident(row)) : jsonResponse({ error: t("admin.incidents.notFound") }, 404);
  }
  if (!filter) return jsonResponse({ errors: translateErrors(t, filterErrors) }, 422);
  const limit = limitSchema.safeParse({ limit: search.get("limit") || undefined });
  if (!limit.success) return zodErrorResponse(limit.error, t);
  return jsonResponse({ incidents: await listIncidents({ ...filter, limit: limit.data.limit }) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
