import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";
import { localizePathFor } from "~/modules/i18n/language";

/** /dashboard/admin has no page of its own: the admin panel starts at its dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(localizePathFor(request, "/dashboard/admin/dashboard"));
}
