import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";
import { readLeadSearch } from "~/modules/sandbox/leads";
import { exportLeadsCsv } from "~/modules/sandbox/leads.server";

/**
 * /dashboard/admin/sandbox-registrations.csv: every sandbox registration the page's filters match, as a CSV
 * download, recorded in the audit trail. The page's ?format=csv leads here: a page route's loader cannot answer a
 * document request with a file, Remix renders the page around whatever it returns. 404 for anyone but an admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const csv = await exportLeadsCsv(admin, readLeadSearch(new URL(request.url).searchParams));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sandbox-registrations-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
