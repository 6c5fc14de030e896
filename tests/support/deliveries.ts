import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

/** A delivery row as the delivery code writes it (pending, of no file, run or dump unless given); answers its id. */
export async function insertDelivery(delivery: {
  userId: string;
  channel: string;
  target: string;
  status?: string;
  createdAt?: string;
  feedRunId?: string | null;
  dumpId?: string | null;
}): Promise<string> {
  const id = newId();
  const at = delivery.createdAt ?? nowIso();
  await db
    .insertInto("deliveries")
    .values({
      id,
      user_id: delivery.userId,
      file_id: null,
      dump_id: delivery.dumpId ?? null,
      feed_run_id: delivery.feedRunId ?? null,
      channel: delivery.channel,
      target: delivery.target,
      status: delivery.status ?? "pending",
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
