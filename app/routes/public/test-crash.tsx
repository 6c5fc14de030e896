import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { env } from "~/modules/env/env.server";
import { notFound } from "~/modules/http/responses";

/** Only with TEST_HOOKS=1: a page whose loader fails, so tests can see the error page and the incident. */
export function loader() {
  if (!env.TEST_HOOKS) throw notFound();
  throw new Error("Deliberate failure for the error-page test");
}

export default function TestCrash() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
