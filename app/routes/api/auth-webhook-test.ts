import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { webhookTestSchema } from "~/modules/feeds/webhook-schemas";
import { sendTestWebhook } from "~/modules/feeds/webhooks.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/auth/webhook-test {target: "POST https://…"} -> {ok: true, status} or {ok: false, reason}: a signed
 * `test` event to one of the caller's webhooks (as their feeds and dumps name it); 422 for any other target, 429
 * past the hourly limit of test events.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await readJsonWith(request, webhookTestSchema, t);
  if (!parsed.ok) return parsed.response;
  const outcome = await sendTestWebhook(user.id, parsed.data.target);
  if (!outcome) return jsonResponse({ errors: { target: t("webhooks.unknownTarget") } }, 422);
  if (!outcome.ok && outcome.retryAfterSeconds)
    return jsonResponse({ error: outcome.reason }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
  return jsonResponse(outcome);
}

export function loader() {
  return methodNotAllowed();
}
