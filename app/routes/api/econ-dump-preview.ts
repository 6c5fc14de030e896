import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { econDumpSchema } from "~/modules/products/econ/econ-form";
import { previewAnswer } from "~/modules/feeds/econ-api.server";
import { methodNotAllowed } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/econ-dump/preview: the series a dump's criteria select (the total and at most 500 listed).
 * Only the criteria are needed (a preview has no name yet); the database is mandatory.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  if (request.method !== "POST") return methodNotAllowed();
  return previewAnswer(request, user, await getFixedT(request), econDumpSchema);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed();
}
