import type { ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";

/** POST /api/auth/logout: ends the session of the cookie or bearer token. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  await destroySession(request);
  return jsonResponse({ ok: true }, 200, { "Set-Cookie": clearSessionCookie() });
}

export function loader() {
  return methodNotAllowed();
}
