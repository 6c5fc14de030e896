import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { notFound } from "~/modules/http/responses";

/** Every path no other route claims. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
