import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { exchangeAccessToken } from "~/modules/sandbox/access-link.server";
import { describeExchangeFailure } from "~/modules/sandbox/registration-outcome";

const exchangeSchema = z.object({ token: requiredText(200) });

/**
 * POST /api/econ-sandbox-token with {token}: exchanges an access link's token for its trial key, once.
 * 200 {key, expiresAt}; 404 unknown token, 410 expired link, 409 key already issued.
 */
export async function action({ request }: ActionFunctionArgs) {
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();

  const parsed = await readJsonWith(request, exchangeSchema, t);
  if (!parsed.ok) return parsed.response;

  const exchange = await exchangeAccessToken(parsed.data.token);
  if (exchange.status !== "issued") {
    const failure = describeExchangeFailure(exchange.status);
    return jsonResponse({ error: t(failure.message) }, failure.httpStatus, { "Cache-Control": "no-store" });
  }
  return jsonResponse({ key: exchange.key, expiresAt: exchange.expiresAt }, 200, { "Cache-Control": "no-store" });
}

export function loader() {
  return methodNotAllowed();
}
