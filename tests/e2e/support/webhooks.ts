import { randomUUID } from "node:crypto";
import { nowIso } from "../../../app/modules/db/ids";
import { e2eDb } from "./database";

/**
 * A finished dump of the account that names a webhook, written straight into the database so that no worker runs it:
 * the webhooks page offers its URL to "Send test event".
 */
export async function insertDumpWithWebhook(email: string, url: string, method = "POST"): Promise<void> {
  const db = e2eDb();
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const now = nowIso();
  await db
    .insertInto("dumps")
    .values({
      id: randomUUID(),
      user_id: user.id,
      product: "macroeconomic",
      feed_id: null,
      name: "Webhook target",
      criteria: JSON.stringify({ database: "DB01" }),
      options: JSON.stringify({}),
      delivery: JSON.stringify({ method: "platform", ftp: null }),
      notification: JSON.stringify({ emails: [], url, method }),
      status: "completed",
      job_id: null,
      estimated_end_at: null,
      error: null,
      created_at: now,
      updated_at: now,
      started_at: now,
      finished_at: now,
    })
    .execute();
}
