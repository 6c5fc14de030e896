import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { requireAdmin } from "~/modules/auth/guards.server";

/**
 * /dashboard/admin/*: admins only; anyone else gets the 404 page. Every page below checks again in its own
 * loader and action, since Remix runs them without this one. The side menu lists the panel's screens.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
