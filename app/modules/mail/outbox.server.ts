import { db } from "~/modules/db/db.server";
import { containsText } from "~/modules/db/text-search";
import { newestFirst } from "~/modules/db/log-rows";
import { summarizeOutboxMessage, type OutboxFilter, type OutboxMessageSummary } from "./outbox-lookup";

export async function findOutboxMessage(id: string) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The latest outbox messages that match the filters, newest first, without their bodies; total counts every match. */
export async function listOutbox({
  status,
  recipient,
  limit,
}: OutboxFilter & { limit: number }): Promise<{ messages: OutboxMessageSummary[]; total: number }> {
  let query = db.selectFrom("outbox");
  if (status) query = query.where("status", "=", status);
  if (recipient) query = query.where(containsText("recipient", recipient));
  const rows = await newestFirst(
    query.select(["id", "created_at", "recipient", "reply_to", "subject", "status", "attempts", "last_error", "sent_at"]),
    limit,
  ).execute();
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  return {
    messages: rows.map(summarizeOutboxMessage),
    total: Number(total),
  };
}
