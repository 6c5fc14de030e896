import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { publicUser } from "~/modules/auth/users.server";
import { jsonResponse } from "~/modules/forms/json.server";

/** GET /api/auth/user: the signed-in user (cookie or bearer token), 401 without a session. */
export async function loader({ request }: LoaderFunctionArgs) {
  return jsonResponse(publicUser(await requireApiUser(request)));
}
