import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireProductArea } from "~/modules/dashboard/areas.server";
import { localizePathFor } from "~/modules/i18n/language";

/** /dashboard/{segment} has no page of its own: the area's first screen (its feeds list) is where it starts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { area } = await requireProductArea(request);
  const first = area.screens.find((screen) => screen.menu) ?? area.screens[0];
  return redirect(localizePathFor(request, `/dashboard/${area.segment}/${first?.path ?? ""}`));
}
