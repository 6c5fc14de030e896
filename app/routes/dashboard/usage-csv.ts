import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/guards.server";
import { accountOf } from "~/modules/usage/call-record";
import { platformSets, usageCsv } from "~/modules/dashboard/usage-page.server";
import { usageQuerySchema } from "~/modules/usage/usage-query";

/**
 * /dashboard/usage/calls.csv and /dashboard/usage/days.csv: the Usage page's log and daily totals with its filters,
 * as downloads (resource routes: a page's loader cannot answer a file). Visitors get 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const kind = new URL(request.url).pathname.endsWith("/days.csv") ? "days" : "calls";
  return usageCsv(request, usageQuerySchema, () => ({ account: accountOf(user.id), sets: platformSets(user.platform) }), kind);
}
