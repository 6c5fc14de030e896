import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireSubscription } from "~/modules/auth/guards.server";
import { localizePathFor } from "~/modules/i18n/language";

/** /dashboard/econ has no page of its own: the feeds list is where the product's screens start. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSubscription(request, "macroeconomic");
  return redirect(localizePathFor(request, "/dashboard/econ/feeds"));
}
