import type { ActionFunctionArgs } from "@remix-run/node";
import { describeContactFailure } from "~/modules/contact/contact-outcome";
import { contactSchemas, isContactKind } from "~/modules/contact/contact-schemas";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { clientAddress } from "~/modules/http/client-address.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { translateMessage } from "~/modules/forms/messages";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/form/{general-inquiry|report-bug|request-feature|business-inquiry} with a JSON body; an `altcha`
 * property with a solved challenge from GET /api/captcha/challenge lifts the low unverified ceiling.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const t = await getFixedT(request);
  if (!isContactKind(params.kind)) return jsonNotFound(t("validation.unknownForm"));
  if (request.method !== "POST") return methodNotAllowed();

  const parsed = await readJsonWith(request, contactSchemas[params.kind], t);
  if (!parsed.ok) return parsed.response;

  const outcome = await submitContactMessage(params.kind, parsed.data, clientAddress(request));
  if (outcome.status !== "stored") {
    const failure = describeContactFailure(outcome);
    const headers = failure.retryAfterSeconds === null ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
    return jsonResponse({ error: translateMessage(t, failure.message) }, failure.httpStatus, headers);
  }
  return jsonResponse({ id: outcome.id, message: t("contact.sent") }, 201);
}

export function loader() {
  return methodNotAllowed();
}
