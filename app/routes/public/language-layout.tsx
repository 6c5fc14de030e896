import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { isLanguage } from "~/modules/i18n/language";

/** The optional /en or /zh prefix; any other first segment is not a page. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) {
    throw new Response("Not Found", { status: 404 });
  }
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
