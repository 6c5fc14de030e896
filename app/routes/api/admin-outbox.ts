import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readOutboxMessage } from "~/modules/admin/audited-reads.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { listLimitSchema } from "~/modules/forms/list-limit";
import { jsonResponse, methodNotAllowed, zodErrorResponse } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { readOutboxSearch } from "~/modules/mail/outbox-lookup";
import { listOutbox } from "~/modules/mail/outbox.server";

/**
 * GET /api/admin/outbox?id=: one message with its body, recorded in the audit trail (422 'Invalid ID', 404 when none
 * has it); without id, the latest messages without their bodies, newest first, filtered by status, recipient and
 * limit, and how many match.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const t = await getFixedT(request);
  const search = new URL(request.url).searchParams;
  const { id, idError, filter, filterErrors } = readOutboxSearch(search);
  if (idError) return jsonResponse({ errors: { id: t(idError) } }, 422);
  if (id) {
    const message = await readOutboxMessage(admin, id);
    return message ? jsonResponse(message) : jsonNotFound(t("admin.outbox.notFound"));
  }
  if (!filter) return jsonResponse({ errors: translateErrors(t, filterErrors) }, 422);
  const limit = listLimitSchema.safeParse({ limit: search.get("limit") });
  if (!limit.success) return zodErrorResponse(limit.error, t);
  return jsonResponse(await listOutbox({ ...filter, limit: limit.data.limit }));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed("GET");
}
