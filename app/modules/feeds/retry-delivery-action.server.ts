import { data } from "@remix-run/node";
import type { CurrentUser } from "~/modules/auth/users.server";
import { notFound } from "~/modules/http/responses";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { retryDeliverySchema, retryMessage } from "./delivery-state";
import type { FeedProduct } from "./model";
import { retryUserDelivery } from "./retry-delivery.server";

/**
 * The feed and dump pages' intent=retry-delivery (a run's or the dump's "Retry delivery now"): back to the same page
 * with a toast saying whether anything is tried again or already being tried; someone else's run or dump is the 404 page.
 */
export async function retryDeliveryAction(request: Request, user: CurrentUser, product: FeedProduct, form: FormData) {
  const parsed = retryDeliverySchema.safeParse({ runId: form.get("runId") ?? undefined, dumpId: form.get("dumpId") ?? undefined });
  const { runId, dumpId } = parsed.success ? parsed.data : {};
  const target = runId ? { runId } : dumpId ? { dumpId } : null;
  if (!target) return data({ error: "econ.errors.unknownIntent" }, { status: 400 });
  const retried = await retryUserDelivery(user, product, target);
  if (retried === "not-found") throw notFound();
  const { pathname, search } = new URL(request.url);
  const message = retryMessage(retried);
  return redirectWithToast(`${pathname}${search}`, { type: message === "deliveryHistory.retried" ? "success" : "info", message });
}
