import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { requireProductPlace } from "~/modules/products/registry.server";

/**
 * /dashboard/{econ,corp,…}/*: the product's subscribers (and admins) only; anyone else gets the 404 page. Every
 * page below checks again in its own loader and action, since Remix runs them without this one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireProductPlace(request);
  return null;
}

export default function ProductAreaLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
