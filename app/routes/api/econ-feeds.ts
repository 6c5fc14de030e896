import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { listEconFeeds } from "~/modules/feeds/econ.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { statusFilters } from "~/modules/feeds/status-filter";

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const filterSchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(statusFilters, { errorMap: () => ({ message: "validation.invalidOption" }) }).optional()),
  username: z.preprocess(emptyToUndefined, z.string().trim().max(254, "validation.tooLong|max=254").optional()),
  deleted: z.preprocess(
    emptyToUndefined,
    z.enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "validation.invalidOption" }) }).optional(),
  ),
});

/**
 * GET /api/econ-feeds?status=active|inactive&username=: the user's feeds, or everyone's for an admin, who
 * may filter by username and list deleted feeds (deleted=1) to recover one. Others' filters are ignored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  const parsed = filterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return zodErrorResponse(parsed.error, t);
  const { status, username, deleted } = parsed.data;
  const feeds = await listEconFeeds(user, { status, username, deleted: deleted === "1" || deleted === "true" });
  return jsonResponse({ feeds });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiSubscription(request, "macroeconomic");
  return methodNotAllowed("GET");
}
