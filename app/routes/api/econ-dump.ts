import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { fieldErrors } from "~/modules/feeds/form-shapes";
import { econDumpSchema, econFormValues } from "~/modules/products/econ/econ-form";
import { checkEconSelection, checkFtpPassword, createEconDump, findEconDump, ownerFor } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { recordIncident } from "~/modules/incidents/incidents.server";
import { withReasonText } from "~/modules/feeds/econ-api.server";

/**
 * /api/econ-dump: GET ?id= a dump's details with progress and files (others' and unknown dumps are a 404);
 * POST a new dump, queued for the worker (admins may name a `username` to act for).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  const id = new URL(request.url).searchParams.get("id")?.trim();
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  const dump = await findEconDump(user, id);
  if (!dump) return jsonResponse({ error: t("econApi.dumpNotFound") }, 404);
  return jsonResponse(withReasonText(dump, t));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const parsed = econDumpSchema.safeParse(econFormValues(body.value));
  if (!parsed.success) return jsonResponse({ errors: translateErrors(t, fieldErrors(parsed.error)) }, 422);

  const ownerId = await ownerFor(user, typeof body.value.username === "string" ? body.value.username.trim() : undefined);
  if (!ownerId) return jsonResponse({ errors: { username: t("econApi.unknownUser") } }, 422);
  const { preview, errors } = await checkEconSelection(parsed.data, { userId: ownerId });
  // A dump of the API has no stored password to keep: an FTP delivery needs one typed.
  Object.assign(errors, checkFtpPassword(parsed.data, null));
  if (Object.keys(errors).length > 0 || !preview.ok) return jsonResponse({ errors: translateErrors(t, errors) }, 422);

  try {
    return jsonResponse({ id: await createEconDump(ownerId, parsed.data) }, 201);
  } catch (error) {
    // The engine failed (the queue refused the job): the admins see it among the incidents.
    await recordIncident({ request, error, username: user.username }).catch(() => undefined);
    return jsonResponse({ error: t("econApi.dumpFailed") }, 503);
  }
}
