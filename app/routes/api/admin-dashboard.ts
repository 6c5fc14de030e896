import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { specReloadSchema } from "~/modules/admin/dashboard";
import { loadAdminDashboard, reloadSpecifications } from "~/modules/admin/dashboard.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { engineJobKinds } from "~/modules/server/engine.server";

/**
 * GET /api/admin/dashboard: the instances, queues, specification versions and latest admin actions.
 * POST {set} (a documentation set id or "all") reloads specifications: 200 {reloaded, failed: []}; 502 with
 * SPEC.md's message as `error` when a set failed (its old specification is still served), 422 for another
 * set. 401 without a session, 403 for anyone but an admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return jsonResponse(await loadAdminDashboard(engineJobKinds));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const t = await getFixedT(request);
  const parsed = await readJsonWith(request, specReloadSchema, t);
  if (!parsed.ok) return parsed.response;
  const outcomes = await reloadSpecifications(admin, parsed.data.set);
  const reloaded = outcomes.flatMap((outcome) => (outcome.outcome === "reloaded" ? [{ set: outcome.set, version: outcome.version }] : []));
  const failed = outcomes.flatMap((outcome) =>
    outcome.outcome === "failed"
      ? [
          {
            set: outcome.set,
            error: t("admin.dashboard.specs.reloadFailed", { set: t(`products.docSetNames.${outcome.set}`) }),
            reason: outcome.reason,
          },
        ]
      : [],
  );
  if (failed.length === 0) return jsonResponse({ reloaded, failed });
  return jsonResponse({ error: failed.map((failure) => failure.error).join(" "), reloaded, failed }, 502);
}
