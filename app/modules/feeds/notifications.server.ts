import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { enqueue } from "~/modules/jobs/queue.server";
import type { Delivery, Notification } from "./model";

/**
 * After a dump or feed run: the FTP upload first (when the delivery method is FTP), then the notification
 * e-mails and webhook. Each is a delivery row with its outcome and a job of its own, retried a few times.
 */

export const deliverJob = "deliver";
export const notifyJob = "notify";

export type PipelineEventName = "dump.completed" | "dump.failed" | "feed.delivered" | "feed.failed";

export interface PipelineEvent {
  event: PipelineEventName;
  /** The dump's or feed's id and name. */
  id: string;
  name: string;
  /** The language of the e-mail: the output option of the dump or feed. */
  language: "en" | "zh";
  records: number | null;
  fileId: string | null;
  downloadUrl: string | null;
  error: string | null;
}

export interface DeliveryContext {
  userId: string;
  dumpId?: string;
  feedRunId?: string;
  delivery: Delivery;
  notification: Notification;
}

async function createDelivery(context: DeliveryContext, channel: "ftp" | "email" | "webhook", target: string, fileId: string | null): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto("deliveries")
    .values({
      id,
      user_id: context.userId,
      file_id: fileId,
      dump_id: context.dumpId ?? null,
      feed_run_id: context.feedRunId ?? null,
      channel,
      target,
      status: "pending",
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export interface NotifyPayload {
  deliveryId: string;
  event: PipelineEvent;
}

/** Queues one notification per address and one for the webhook URL. */
export async function queueNotifications(context: DeliveryContext, event: PipelineEvent): Promise<void> {
  for (const address of context.notification.emails) {
    const deliveryId = await createDelivery(context, "email", address, event.fileId);
    await enqueue(notifyJob, { deliveryId, event } satisfies NotifyPayload, { maxAttempts: 3 });
  }
  if (context.notification.url) {
    const deliveryId = await createDelivery(context, "webhook", `${context.notification.method} ${context.notification.url}`, event.fileId);
    await enqueue(notifyJob, { deliveryId, event } satisfies NotifyPayload, { maxAttempts: 3 });
  }
}

export interface DeliverPayload {
  deliveryId: string;
  fileId: string;
  remoteName: string;
  event: PipelineEvent;
  context: DeliveryContext;
}

/** A produced file: uploaded first when the delivery method is FTP, the notifications follow. */
export async function deliverFile(context: DeliveryContext, event: PipelineEvent, fileId: string, remoteName: string): Promise<void> {
  if (context.delivery.method === "ftp" && context.delivery.ftp) {
    const deliveryId = await createDelivery(context, "ftp", `${context.delivery.ftp.host}${context.delivery.ftp.path}`, fileId);
    await enqueue(deliverJob, { deliveryId, fileId, remoteName, event, context } satisfies DeliverPayload, { maxAttempts: 3 });
    return;
  }
  await queueNotifications(context, event);
}

export async function markDelivery(deliveryId: string, outcome: { status: "succeeded" | "failed" | "pending"; error?: string }): Promise<void> {
  await db
    .updateTable("deliveries")
    .set((eb) => ({
      status: outcome.status,
      attempts: eb("attempts", "+", 1),
      last_error: outcome.error?.slice(0, 2000) ?? null,
      updated_at: nowIso(),
    }))
    .where("id", "=", deliveryId)
    .execute();
}

const subjects: Record<PipelineEventName, Record<"en" | "zh", (name: string) => string>> = {
  "dump.completed": { en: (name) => `Your dump "${name}" is ready`, zh: (name) => `您的数据转储“${name}”已就绪` },
  "dump.failed": { en: (name) => `Your dump "${name}" failed`, zh: (name) => `您的数据转储“${name}”失败` },
  "feed.delivered": { en: (name) => `New data from your feed "${name}"`, zh: (name) => `您的数据订阅“${name}”有新数据` },
  "feed.failed": { en: (name) => `Your feed "${name}" could not run`, zh: (name) => `您的数据订阅“${name}”运行失败` },
};

/** The notification e-mail, in the language chosen for the dump or feed. */
export function notificationMail(event: PipelineEvent): { subject: string; text: string } {
  const subject = subjects[event.event][event.language](event.name);
  const zh = event.language === "zh";
  const lines = [
    subject,
    "",
    ...(event.records !== null ? [zh ? `记录数：${event.records}` : `Records: ${event.records}`] : []),
    ...(event.downloadUrl ? [zh ? `下载（30 天内有效，需要登录）：${event.downloadUrl}` : `Download (kept 30 days, sign-in required): ${event.downloadUrl}`] : []),
    ...(event.error ? [zh ? `原因：${event.error}` : `Reason: ${event.error}`] : []),
  ];
  return { subject, text: lines.join("\n") };
}
