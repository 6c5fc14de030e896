import type { ActionFunctionArgs } from "@remix-run/node";
import { KEYS_PER_HOUR, requestApiKey, verifyApiKey } from "~/modules/auth/api-keys.server";
import { verifyTokenSchema } from "~/modules/auth/auth-schemas";
import { requireApiUser } from "~/modules/auth/guards.server";
import { platformForTokenRoute } from "~/modules/auth/platforms";
import { rememberSessionKey } from "~/modules/auth/session-keys.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";

const operationPattern = /^(generate|verify)-(macro|company|intelligence)-token$/;

/**
 * POST /api/auth/generate-{macro|company|intelligence}-token -> {token}, 403, or 429 past the hourly limit;
 * POST /api/auth/verify-{...}-token {token} -> {valid, reason?}, 400 without a token.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const match = operationPattern.exec(params.operation ?? "");
  const platform = match ? platformForTokenRoute(match[2]!) : undefined;
  const t = await getFixedT(request);
  if (!match || !platform) return jsonNotFound(t("http.apiNotFound"));
  const user = await requireApiUser(request);
  if (request.method !== "POST") return methodNotAllowed();

  if (match[1] === "generate") {
    const generated = await requestApiKey(user, platform);
    if (generated.outcome === "not-subscribed") return jsonResponse({ error: t("tokens.none") }, 403);
    if (generated.outcome === "too-many") {
      const message = t("tokens.tooMany", { max: KEYS_PER_HOUR, minutes: Math.ceil(generated.retryAfterSeconds / 60) });
      return jsonResponse({ error: message }, 429, { "Retry-After": String(generated.retryAfterSeconds) });
    }
    await rememberSessionKey(request, platform, generated.key);
    return jsonResponse({ token: generated.key });
  }
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const parsed = verifyTokenSchema.safeParse(body.value);
  if (!parsed.success) return jsonResponse({ error: t("auth.tokenRequired") }, 400);
  return jsonResponse(await verifyApiKey(platform, parsed.data.token));
}

export function loader() {
  return methodNotAllowed();
}
