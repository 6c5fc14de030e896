import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerLogApi } from "~/modules/admin/log-screen.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { methodNotAllowed } from "~/modules/forms/json.server";

/**
 * The JSON API of the admin log screens, admins only; the address names the log (remix.config.js):
 * GET /api/admin/incidents?id= (one incident, 422 'Invalid ID', 404 when none has it; without id the recent ones
 * without stack traces, filtered by path, username, from, to and limit), /api/admin/incident-stacktrace?id= (the
 * stack trace as text/plain), /api/admin/logs/snowflake (filtered by severity, from, to and limit),
 * /api/admin/logs/snowflake-stacktrace?id= (one with its stack trace and additional data), /api/admin/outbox?id=
 * (one message with its body, recorded in the audit trail; without id the latest without bodies, filtered by
 * status, recipient and limit, and how many match).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return answerLogApi(await requireApiAdmin(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
