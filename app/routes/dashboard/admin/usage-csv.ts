import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";
import { adminScope, usageCsv } from "~/modules/dashboard/usage-page.server";
import { adminUsageQuerySchema } from "~/modules/usage/usage-query";

/** /dashboard/admin/usage/calls.csv and days.csv: everyone's log and daily totals with the page's filters. 404 for anyone but an admin. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const kind = new URL(request.url).pathname.endsWith("/days.csv") ? "days" : "calls";
  return usageCsv(request, adminUsageQuerySchema, adminScope, kind);
}
