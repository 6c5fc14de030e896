import { data } from "@remix-run/node";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { resendAddressSchema } from "./model";
import { resendAddressConfirmation } from "./notification-addresses.server";

/**
 * The feed and dump pages' intent=resend-address ("Send the link again"): back to the page with a toast, 400 for an
 * address that awaits nothing, 429 with the limits (once a minute, 5 a day) when sent too often.
 */
export async function resendAddressAction(request: Request, ownerId: string, form: FormData, back: string) {
  const parsed = resendAddressSchema.safeParse({ address: form.get("address") ?? undefined });
  if (!parsed.success) return data({ error: "econ.errors.unknownIntent" }, { status: 400 });
  const { address } = parsed.data;
  const outcome = await resendAddressConfirmation(ownerId, address);
  if (outcome.status === "unknown") return data({ error: "econ.errors.unknownIntent" }, { status: 400 });
  if (outcome.status === "limited")
    return data({ error: "notificationAddress.tooOften" }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
  return redirectWithToast(localizePathFor(request, back), {
    type: "success",
    message: "notificationAddress.resent",
    values: { address },
  });
}
