import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/guards.server";
import { env } from "~/modules/env/env.server";
import { provisioningOpenApi } from "~/modules/provisioning/openapi";

/** The provisioning API's OpenAPI 3.1 description, a download for admins (the 404 page for anyone else). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return Response.json(provisioningOpenApi(env.PUBLIC_URL), {
    headers: { "Content-Disposition": 'attachment; filename="provisioning-openapi.json"', "Cache-Control": "no-store" },
  });
}
