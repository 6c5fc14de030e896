import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";

/** Every path no other route claims. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
