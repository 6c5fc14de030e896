import { requireSubscription } from "~/modules/auth/guards.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { productAreaOf, type ProductArea } from "./areas";

/**
 * The signed-in subscriber of the product area the request is in (admins always pass); anyone else gets the
 * 404 page. Route modules shared by several product areas call this in every loader and action.
 */
export async function requireProductArea(request: Request): Promise<{ area: ProductArea; user: CurrentUser }> {
  const area = productAreaOf(new URL(request.url).pathname);
  if (!area) throw new Response("Not Found", { status: 404 });
  return { area, user: await requireSubscription(request, area.access.product) };
}
