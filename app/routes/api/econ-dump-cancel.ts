import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { cancelEconDump } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

const allow = "DELETE, POST";

/**
 * DELETE /api/econ-dump-cancel?id= (or POST {id}): cancels a dump while it can be cancelled (queued or
 * running); an ended dump is a 409, others' and unknown dumps a 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "DELETE" && request.method !== "POST") return methodNotAllowed(allow);
  let id = new URL(request.url).searchParams.get("id")?.trim() ?? "";
  if (!id && request.method === "POST") {
    const body = await readJsonObject(request, t);
    if (!body.ok) return body.response;
    id = typeof body.value.id === "string" ? body.value.id.trim() : "";
  }
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);

  const outcome = await cancelEconDump(user, id);
  if (outcome === "not-found") return jsonResponse({ error: t("econApi.dumpNotFound") }, 404);
  if (outcome === "not-cancellable") return jsonResponse({ error: t("econApi.notCancellable") }, 409);
  return jsonResponse({ id, status: "cancelled" });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed(allow);
}
