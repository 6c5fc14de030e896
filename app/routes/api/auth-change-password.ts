import type { ActionFunctionArgs } from "@remix-run/node";
import { changePasswordSchema } from "~/modules/auth/auth-schemas";
import { changePassword } from "~/modules/auth/change-password.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** POST /api/auth/change-password {currentPassword, newPassword}: every other session of the account ends. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = await readJsonWith(request, changePasswordSchema, t);
  if (!parsed.ok) return parsed.response;
  const result = await changePassword(user, request, parsed.data);
  if (result.ok) return jsonResponse({ ok: true });
  if (result.reason === "tooManyAttempts") {
    return jsonResponse({ error: t("auth.tooManyAttempts", { seconds: result.retryAfterSeconds }) }, 429, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  return jsonResponse({ errors: { currentPassword: t("account.wrongCurrentPassword") } }, 400);
}

export function loader() {
  return methodNotAllowed();
}
