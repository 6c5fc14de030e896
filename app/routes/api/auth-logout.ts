import type { ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";
import { jsonResponse } from "~/modules/forms/json.server";

/** POST /api/auth/logout: ends the session of the cookie or bearer token. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonResponse({ error: "Method not allowed" }, 405, { Allow: "POST" });
  await destroySession(request);
  return jsonResponse({ ok: true }, 200, { "Set-Cookie": clearSessionCookie() });
}

export function loader() {
  return jsonResponse({ error: "Method not allowed" }, 405, { Allow: "POST" });
}
