import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { accountOf } from "~/modules/usage/call-record";
import { usageQuerySchema, usageSearchFields } from "~/modules/usage/usage-query";
import { usageReport } from "~/modules/usage/usage.server";

/**
 * GET /api/usage?from=&to=&status=&operation=&requestId=&limit=: the caller's own data-API calls (every key and
 * session of the account) -> `{from, to, days, calls}`, days as calls per day by status class, calls newest first.
 * Nobody sees another account's calls: the account is the session's, never a parameter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const query = usageQuerySchema.safeParse(usageSearchFields(new URL(request.url).searchParams));
  if (!query.success) return zodErrorResponse(query.error, await getFixedT(request));
  return jsonResponse(await usageReport({ account: accountOf(user.id) }, query.data));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request);
  return methodNotAllowed("GET");
}
