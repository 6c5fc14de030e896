import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { endOtherSessions, endUserSession, listUserSessions } from "~/modules/auth/session.server";
import { summarizeUserAgent } from "~/modules/auth/user-agent";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * GET /api/auth/sessions: the caller's live sessions. DELETE /api/auth/sessions/{handle} ends one of them;
 * DELETE /api/auth/sessions ends every one but the caller's own.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (params.handle !== undefined) return methodNotAllowed("DELETE");
  const sessions = await listUserSessions(user.id, request);
  return jsonResponse({
    sessions: sessions.map(({ userAgent, ...session }) => ({ ...session, device: summarizeUserAgent(userAgent) })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "DELETE") return methodNotAllowed(params.handle === undefined ? "GET, DELETE" : "DELETE");
  if (params.handle === undefined) {
    await endOtherSessions(user.id, request);
    return jsonResponse({ ok: true });
  }
  if (!(await endUserSession(user.id, params.handle))) return jsonNotFound((await getFixedT(request))("account.sessionNotFound"));
  return jsonResponse({ ok: true });
}
