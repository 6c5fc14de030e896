import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { notFound } from "~/modules/http/responses";
import { isLanguage, languageQueryRedirect } from "~/modules/i18n/language";

/** The optional /en or /zh prefix; any other first segment is not a page. `?lang=` picks the prefix. */
export function loader({ request, params }: LoaderFunctionArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) {
    throw notFound();
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
