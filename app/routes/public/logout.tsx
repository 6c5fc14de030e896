import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** Signing out ends the session on the server, so the old cookie stops working too. */
export async function action({ request }: ActionFunctionArgs) {
  await destroySession(request);
  return redirectWithToast(
    localizePathFor(request, "/"),
    { type: "info", message: "auth.loggedOut" },
    { headers: { "Set-Cookie": clearSessionCookie() } },
  );
}

export function loader() {
  return redirect("/");
}
