import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProduct } from "~/modules/catalog/access.server";
import { econDumpSchema, econFormValues, fieldErrors } from "~/modules/feeds/econ-form";
import { checkEconSelection } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/econ-dump/preview: the series a dump's criteria select (the total and at most 500 listed).
 * Only the criteria are needed (a preview has no name yet); the database is mandatory.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiProduct(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const values = econFormValues(body.value);
  const parsed = econDumpSchema.safeParse({ ...values, name: values.name || "preview", ftpPasswordSealed: undefined });
  if (!parsed.success) return jsonResponse({ errors: translateErrors(t, fieldErrors(parsed.error)) }, 422);
  const { preview, errors } = await checkEconSelection(parsed.data, { userId: user.id });
  if (Object.keys(errors).length > 0 || !preview.ok) return jsonResponse({ errors: translateErrors(t, errors) }, 422);
  return jsonResponse({ total: preview.total, items: preview.items });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiProduct(request, "macroeconomic");
  return methodNotAllowed();
}
