import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { isLanguage, languageQueryRedirect } from "~/modules/i18n/language";

/** The optional /en or /zh prefix; any other first segment is not a page. `?lang=` picks the prefix. */
export function loader({ request, params }: LoaderFunctionArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) {
    throw new Response("Not Found", { status: 404 });
  }
  const languageRedirect = languageQueryRedirect(new URL(request.url));
  if (languageRedirect) throw redirect(languageRedirect);
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
