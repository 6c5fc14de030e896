import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { decodeTokenAsAdmin } from "~/modules/admin/audited-reads.server";
import { requireApiTokenDecoder } from "~/modules/auth/guards.server";
import { tokenDecoderSchema, withMessages } from "~/modules/auth/token-decoder";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * POST /api/admin/token-decoder {token}: whose API key or session token it is and what each identity service
 * (econ, corp, intel) found; 'Invalid token!' for a malformed or unknown one. 422 without a token. Each lookup is
 * recorded in the audit trail.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiTokenDecoder(request);
  if (request.method !== "POST") return methodNotAllowed();
  const t = await getFixedT(request);
  const parsed = await readJsonWith(request, tokenDecoderSchema, t);
  if (!parsed.ok) return parsed.response;
  return jsonResponse(withMessages(await decodeTokenAsAdmin(admin, parsed.data.token), t));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiTokenDecoder(request);
  return methodNotAllowed();
}
