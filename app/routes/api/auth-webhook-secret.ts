import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { rotateWebhookSecret, webhookSecret } from "~/modules/delivery/webhook-secrets.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";

/** The secret is a credential: no cache keeps it. */
const noStore = { "Cache-Control": "no-store" };

/** GET /api/auth/webhook-secret -> {secret}: the caller's own signing secret, created on first need. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return jsonResponse({ secret: await webhookSecret(user.id) }, 200, noStore);
}

/** POST /api/auth/webhook-secret -> {secret}: a new secret; the old one keeps signing beside it for 24 hours. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return jsonResponse({ secret: await rotateWebhookSecret(user.id) }, 200, noStore);
}
