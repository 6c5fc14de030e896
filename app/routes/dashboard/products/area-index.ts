import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireProductPlace } from "~/modules/products/registry.server";
import { localizePathFor } from "~/modules/i18n/language";
import { placePath } from "~/modules/products/places";

/** /dashboard/{segment} has no page of its own: the area's first screen (its feeds list) is where it starts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { place } = await requireProductPlace(request);
  return redirect(localizePathFor(request, placePath(place, "feeds")));
}
