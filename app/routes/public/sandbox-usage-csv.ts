import type { LoaderFunctionArgs } from "@remix-run/node";
import { trialScope, usageCsv } from "~/modules/dashboard/usage-page.server";
import { usageQuerySchema } from "~/modules/usage/usage-query";

/** The trial usage page's calls.csv and days.csv, for the trial key this browser holds; 404 without one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await trialScope(request);
  const kind = new URL(request.url).pathname.endsWith("/days.csv") ? "days" : "calls";
  return usageCsv(request, usageQuerySchema, () => scope, kind);
}
