import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { idListSchema } from "~/modules/feeds/form-shapes";
import { maxSeriesIds } from "~/modules/products/econ/econ-form";
import { listEconDumps } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { statusFilters } from "~/modules/feeds/status-filter";

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const filterSchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(statusFilters, { errorMap: () => ({ message: "validation.invalidOption" }) }).optional()),
  username: z.preprocess(emptyToUndefined, z.string().trim().max(254, "validation.tooLong|max=254").optional()),
  ids: z.preprocess(emptyToUndefined, idListSchema(maxSeriesIds).optional()),
});

/**
 * GET /api/econ-dumps?status=active|inactive&username=&ids=a,b: the user's dumps with progress and files
 * (everyone's for an admin, who may filter by username); `ids` narrows the list, for polling a few dumps.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  const parsed = filterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return zodErrorResponse(parsed.error, t);
  return jsonResponse({ dumps: await listEconDumps(user, parsed.data) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed("GET");
}
