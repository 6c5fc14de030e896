import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { adminScope } from "~/modules/dashboard/usage-page.server";
import { adminUsageQuerySchema, usageSearchFields } from "~/modules/usage/usage-query";
import { usageReport } from "~/modules/usage/usage.server";

/**
 * GET /api/admin/usage?from=&to=&status=&operation=&requestId=&limit=&set=&account=: GET /api/usage's answer across
 * every account (or the set and account named), `account` on each call. 401 without a session, 403 for anyone but an admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = adminUsageQuerySchema.safeParse(usageSearchFields(new URL(request.url).searchParams));
  if (!query.success) return zodErrorResponse(query.error, await getFixedT(request));
  return jsonResponse(await usageReport(adminScope(query.data), query.data));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
