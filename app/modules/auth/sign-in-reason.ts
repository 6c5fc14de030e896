import { splitLanguagePrefix } from "~/modules/i18n/language";

export type SignInReason = "faq" | "page";

/**
 * Why the sign-in page was opened on the way to `redirectTo` (a guard's ?redirectTo=): the FAQ, which is for
 * customers, says so; another page only that it needs a sign-in; none when the visitor came to sign in.
 */
export function signInReason(redirectTo: string | null): SignInReason | null {
  if (!redirectTo || !redirectTo.startsWith("/")) return null;
  const path = splitLanguagePrefix(redirectTo.split(/[?#]/)[0] ?? "").path;
  if (path === "/faq" || path.startsWith("/faq/")) return "faq";
  return path === "/" ? null : "page";
}
