import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SideMenu } from "~/components/dashboard/side-menu";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { requireUser } from "~/modules/auth/guards.server";
import { backTarget, buildDashboardMenu } from "~/modules/dashboard/menu";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const back = backTarget(request.headers.get("Referer"), new URL(request.url).origin);
  return { menu: buildDashboardMenu(user, back) };
}

export default function DashboardLayout() {
  const { menu } = useLoaderData<typeof loader>();
  return (
    <div className="dashboard">
      <SideMenu menu={menu} />
      <div className="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
