import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { translateMessage } from "~/modules/forms/messages";
import { clientAddress } from "~/modules/http/client-address.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { apiLanguage } from "~/modules/i18n/language";
import { describeRegistrationFailure } from "~/modules/sandbox/registration-outcome";
import { sandboxRegistrationSchema } from "~/modules/sandbox/registration-schema";
import { formatUtc, registerForSandbox } from "~/modules/sandbox/registration.server";

/**
 * POST /api/econ-sandbox: the sandbox registration as JSON, with the form's fields and rules. The captcha is an
 * `altcha` property with a challenge from GET /api/captcha/challenge solved (or, while reCAPTCHA is configured, a
 * `g-recaptcha-response`); the page's text question is no answer here. 201 when the access link was e-mailed, in
 * the language of ?lang= or Accept-Language; 200 when the address's live trial had its link sent again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();

  const parsed = await readJsonWith(request, sandboxRegistrationSchema, t);
  if (!parsed.ok) return parsed.response;

  const url = new URL(request.url);
  const language = apiLanguage(url, request.headers.get("Accept-Language"));
  const outcome = await registerForSandbox(parsed.data, { clientAddress: clientAddress(request), channel: "api", language });
  if (outcome.status !== "registered") {
    const failure = describeRegistrationFailure(outcome);
    const headers = failure.retryAfterSeconds === null ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
    return jsonResponse({ error: translateMessage(t, failure.message) }, failure.httpStatus, headers);
  }
  const message = t(outcome.resent ? "sandbox.registeredAgain" : "sandbox.registered", {
    email: parsed.data.email,
    expiry: formatUtc(outcome.linkExpiresAt),
  });
  // A live trial's link sent again creates nothing: 200 rather than 201.
  return jsonResponse({ id: outcome.id, linkExpiresAt: outcome.linkExpiresAt, message }, outcome.resent ? 200 : 201);
}

export function loader() {
  return methodNotAllowed();
}
