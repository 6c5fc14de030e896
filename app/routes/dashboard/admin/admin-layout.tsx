import { Stack } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/dashboard/admin-nav";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { requireAdmin } from "~/modules/auth/guards.server";
import { adminNavigation } from "~/modules/dashboard/menu";

/**
 * /dashboard/admin/*: admins only; anyone else gets the 404 page. Every page below checks again in its own
 * loader and action, since Remix runs them without this one. The panel's sections are linked above each page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { links: adminNavigation(user) };
}

export default function AdminLayout() {
  const { links } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <AdminNav links={links} />
      <Outlet />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
