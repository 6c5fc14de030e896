import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { readIncidentSearch } from "~/modules/incidents/incident-lookup";
import { findIncident } from "~/modules/incidents/incidents.server";

/** GET /api/admin/incident-stacktrace?id=: the stack trace as text/plain, to read or save as is; errors are JSON like the rest of the API. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const t = await getFixedT(request);
  const { id } = readIncidentSearch(new URL(request.url).searchParams);
  if (!id) return jsonResponse({ errors: { id: t("admin.incidents.invalidId") } }, 422);
  const incident = await findIncident(id);
  if (!incident) return jsonNotFound(t("admin.incidents.notFound"));
  return new Response(incident.stacktrace, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
