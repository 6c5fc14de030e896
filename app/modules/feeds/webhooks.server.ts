import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { callWebhook } from "~/modules/delivery/channels.server";
import type { WebhookMethod } from "~/modules/delivery/targets";
import { webhookMessageId, type WebhookMessage } from "~/modules/delivery/webhook-message";
import { signingSecrets } from "~/modules/delivery/webhook-secrets.server";
import { subscriberFailure } from "~/modules/net/outbound-errors";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { notificationSchema } from "./model";
import type { PipelineEvent } from "./notification-mail";
import { testWebhookPayload, webhookPayload } from "./webhook-events";

/** The signed webhooks of the feeds core: a delivery's message (the same on every retry) and the test event. */

/** The message of a webhook delivery and the owner's signing secrets now; null when the row is gone. */
export async function deliveryWebhook(
  deliveryId: string,
  event: PipelineEvent,
): Promise<{ message: WebhookMessage; secrets: string[] } | null> {
  const row = await db
    .selectFrom("deliveries")
    .leftJoin("files", "files.id", "deliveries.file_id")
    .select(["deliveries.user_id", "deliveries.feed_run_id", "deliveries.created_at", "files.filename"])
    .where("deliveries.id", "=", deliveryId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    message: {
      id: webhookMessageId(deliveryId),
      payload: webhookPayload(event, { runId: row.feed_run_id, fileName: row.filename, at: row.created_at }),
    },
    secrets: await signingSecrets(row.user_id),
  };
}

export interface WebhookTarget {
  method: WebhookMethod;
  url: string;
}

/** The webhook URLs of the user's feeds and dumps (deleted feeds left out), each method and URL once. */
export async function webhookTargets(userId: string): Promise<WebhookTarget[]> {
  const [feeds, dumps] = await Promise.all([
    db.selectFrom("feeds").select("notification").where("user_id", "=", userId).where("deleted_at", "is", null).execute(),
    db.selectFrom("dumps").select("notification").where("user_id", "=", userId).execute(),
  ]);
  const targets = new Map<string, WebhookTarget>();
  for (const row of [...feeds, ...dumps]) {
    const notification = notificationSchema.safeParse(JSON.parse(row.notification));
    if (notification.success && notification.data.url)
      targets.set(`${notification.data.method} ${notification.data.url}`, { method: notification.data.method, url: notification.data.url });
  }
  return [...targets.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

export type TestOutcome = { ok: true; status: number } | { ok: false; reason: string; retryAfterSeconds?: number };

/** Test events one user may send in an hour: each makes the server call out at once, and may wait 10 seconds for it. */
export const testEventsPerHour = 10;
const hourMs = 60 * 60 * 1000;

/**
 * Sends a signed `test` event to one of the user's own webhook URLs (any other is refused: this is no open relay)
 * through the vetted client, and says what the receiver answered or why it could not be reached.
 */
export async function sendTestWebhook(userId: string, target: string): Promise<TestOutcome | null> {
  const chosen = (await webhookTargets(userId)).find((candidate) => `${candidate.method} ${candidate.url}` === target);
  if (!chosen) return null;
  const limit = await hitRateLimit(`webhook-test:account:${userId}`, testEventsPerHour, hourMs);
  if (!limit.allowed)
    return {
      ok: false,
      reason: `At most ${testEventsPerHour} test events an hour: try again in ${limit.retryAfterSeconds} seconds`,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  const message = { id: webhookMessageId(`test_${newId()}`), payload: testWebhookPayload(nowIso()) };
  try {
    return { ok: true, status: await callWebhook(chosen.url, chosen.method, message, await signingSecrets(userId)) };
  } catch (error) {
    return { ok: false, reason: subscriberFailure("webhook", error).message };
  }
}
