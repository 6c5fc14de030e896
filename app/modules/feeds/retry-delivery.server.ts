import { auditIfAdmin } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { mayBeStoredId } from "~/modules/db/ids";
import { retryDeliveriesNow, type RetryOutcome } from "./delivery-history.server";
import type { FeedProduct } from "./model";

/** A run of one of the user's feeds of the product, or one of their dumps (any for an admin). */
export type RetryTarget = { runId: string } | { dumpId: string };

/** The run's or dump's owner and name when the user may act on it; null otherwise (a 404). */
async function findTarget(user: CurrentUser, product: FeedProduct, target: RetryTarget) {
  if ("runId" in target) {
    if (!mayBeStoredId(target.runId)) return null;
    let query = db
      .selectFrom("feed_runs")
      .innerJoin("feeds", "feeds.id", "feed_runs.feed_id")
      .select(["feeds.user_id as ownerId", "feeds.name"])
      .where("feed_runs.id", "=", target.runId)
      .where("feeds.product", "=", product)
      .where("feeds.deleted_at", "is", null);
    if (!user.isAdmin) query = query.where("feeds.user_id", "=", user.id);
    return (await query.executeTakeFirst()) ?? null;
  }
  if (!mayBeStoredId(target.dumpId)) return null;
  let query = db.selectFrom("dumps").select(["user_id as ownerId", "name"]).where("id", "=", target.dumpId).where("product", "=", product);
  if (!user.isAdmin) query = query.where("user_id", "=", user.id);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * "Retry delivery now" for a subscriber on their own run or dump, or an admin on anyone's (recorded in the audit
 * trail): answers how many deliveries are tried again at once and how many a worker is trying already, or "not-found".
 */
export async function retryUserDelivery(user: CurrentUser, product: FeedProduct, target: RetryTarget): Promise<RetryOutcome | "not-found"> {
  const found = await findTarget(user, product, target);
  if (!found) return "not-found";
  const moved = await retryDeliveriesNow("runId" in target ? { feedRunId: target.runId } : { dumpId: target.dumpId });
  const id = "runId" in target ? target.runId : target.dumpId;
  if (found.ownerId !== user.id) {
    await auditIfAdmin(user, {
      action: "delivery-retry",
      target: id,
      ownerId: found.ownerId,
      details: { product, name: found.name, retried: moved.retried, inProgress: moved.inProgress },
    });
  }
  return moved;
}
