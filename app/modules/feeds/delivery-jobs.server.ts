import { reasonText } from "~/modules/net/failure-reasons";
import { db } from "~/modules/db/db.server";
import { callWebhook, sendNotificationMail, uploadFile } from "~/modules/delivery/channels.server";
import type { Job } from "~/modules/jobs/queue.server";
import { subscriberFailure } from "~/modules/net/outbound-errors";
import type { JobContext } from "~/modules/jobs/worker.server";
import { uploadedFeedRun } from "./feeds.server";
import { deliveryWebhook } from "./webhooks.server";
import { absoluteFilePath } from "./files.server";
import { uploadTargetOf } from "./upload-target.server";
import { deliveryGaveUp, recordAttempt } from "./delivery-history.server";
import { mailReader, notificationMail, queueNotifications, deliverPayload, notifyPayload } from "./notifications.server";

/** The deliver job: uploads the file to the subscriber's FTP, FTPS or SFTP server, then queues the notifications. */
export async function deliverByUpload(job: JobContext): Promise<void> {
  const { deliveryId, fileId, remoteName, event, context } = deliverPayload.read(job);
  const file = await db.selectFrom("files").select("path").where("id", "=", fileId).where("purged_at", "is", null).executeTakeFirst();
  const target = await uploadTargetOf(context);
  if (!file || !target) throw new Error(reasonText("uploadSettingsGone"));
  const channel = context.delivery.method === "platform" ? "ftp" : context.delivery.method;
  const result = await recordAttempt(deliveryId, async () => {
    try {
      await uploadFile(await target(), absoluteFilePath(file.path), remoteName);
    } catch (error) {
      // The subscriber reads this reason; the raw socket error stays in the stack, for the pipeline incident.
      throw subscriberFailure(channel, error, context.delivery.ftp?.username);
    }
  });
  // A job run again after its upload succeeded queues the notifications its stopped worker may not have queued.
  if (result === "stopped" || (result === "delivered-before" && (await notificationsQueued(fileId)))) return;
  if (context.feedRunId) await uploadedFeedRun(context.feedRunId);
  await queueNotifications(context, event);
}

async function notificationsQueued(fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom("deliveries")
    .select("id")
    .where("file_id", "=", fileId)
    .where("channel", "in", ["email", "webhook"])
    .executeTakeFirst();
  return row !== undefined;
}

/** The upload failed for good: recorded, and the notifications still go out, with the subscriber-facing reason. */
export async function uploadDeliveryGaveUp(job: Job, reason: string): Promise<void> {
  const { deliveryId, event, context } = deliverPayload.readJob(job);
  await deliveryGaveUp(deliveryId, reason);
  await queueNotifications(context, { ...event, error: reasonText("uploadFailed", { reason }) });
}

/** The notify job: one e-mail address or the webhook. */
export async function sendNotification(job: JobContext): Promise<void> {
  const { deliveryId, event } = notifyPayload.read(job);
  const delivery = await db
    .selectFrom("deliveries")
    .select(["channel", "target", "user_id"])
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!delivery) return;
  await recordAttempt(deliveryId, async () => {
    if (delivery.channel === "email") {
      const mail = notificationMail(event, await mailReader(delivery.user_id, delivery.target, event.language));
      await sendNotificationMail(delivery.target, mail.subject, mail.text);
    } else {
      const [method, url] = delivery.target.split(" ", 2) as ["POST" | "PUT" | "PATCH" | "GET", string];
      const webhook = await deliveryWebhook(deliveryId, event);
      if (!webhook) return;
      await callWebhook(url, method, webhook.message, webhook.secrets).catch((error: unknown) => {
        throw subscriberFailure("webhook", error);
      });
    }
  });
}

export async function notificationGaveUp(job: Job, reason: string): Promise<void> {
  await deliveryGaveUp(notifyPayload.readJob(job).deliveryId, reason);
}
