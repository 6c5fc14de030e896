import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LogScreenPage } from "~/components/dashboard/log-screens";
import { loadLogPage } from "~/modules/admin/log-screen.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";

/**
 * The admin log screens, each at its own address (dashboard/screens.ts): incidents, snowflake incidents, the
 * outbox. Two GET forms, so a lookup is an address to link and share: ?id= shows one entry above the list (400
 * 'Invalid ID', 404 when none has it; an outbox message read is recorded in the audit trail), the other
 * parameters filter the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { page, status } = await loadLogPage(await requireAdmin(request), request);
  return data(page, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function LogScreenRoute() {
  return <LogScreenPage page={useLoaderData<typeof loader>()} />;
}
