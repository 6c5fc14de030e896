import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeResponse } from "~/modules/accounts/admin-api.server";
import { isSubscriptionProduct, subscriptionSchema } from "~/modules/accounts/user-schemas";
import { endSubscription, putSubscription } from "~/modules/accounts/users-admin.server";
import { mayBeStoredId } from "~/modules/db/ids";
import { methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { requireAdminApiActor } from "~/modules/provisioning/admin-api.server";

const allow = "PUT, DELETE";

/**
 * PUT /api/admin/users/{id}/subscriptions/{product} {startsAt, endsAt (null: open-ended), databases?, version?}:
 * the subscription from now on. DELETE ends it now (its key is deactivated, its feeds paused).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApiActor(request);
  const t = await getFixedT(request);
  const id = params.id ?? "";
  const product = params.product ?? "";
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(allow);
  if (!mayBeStoredId(id) || !isSubscriptionProduct(product)) return jsonNotFound(t("admin.users.notFound"));
  if (request.method === "DELETE") {
    const version = Number(new URL(request.url).searchParams.get("version")) || undefined;
    return changeResponse(await endSubscription(admin, id, product, version), t);
  }
  const parsed = await readJsonWith(request, subscriptionSchema, t);
  if (!parsed.ok) return parsed.response;
  return changeResponse(await putSubscription(admin, id, product, parsed.data), t);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApiActor(request);
  return methodNotAllowed(allow);
}
