import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { requireSubscription } from "~/modules/auth/guards.server";

/**
 * /dashboard/econ/*: macroeconomic subscribers (and admins) only; anyone else gets the 404 page. Every page
 * below checks again in its own loader and action, since Remix runs them without this one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSubscription(request, "macroeconomic");
  return null;
}

export default function EconLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
