import { reasonText } from "~/modules/net/failure-reasons";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { publicOrigin } from "~/modules/env/env.server";
import { localizePath } from "~/modules/i18n/language";
import { z } from "zod";
import { jobPayload } from "~/modules/jobs/payload";
import { enqueueDelivery } from "./delivery-history.server";
import { ownerEntitled } from "./entitlement.server";
import { maxNotificationEmails } from "./form-shapes";
import { unconfirmedAddresses } from "./notification-addresses.server";
import { deliverySchema, feedProducts, notificationSchema } from "./model";
import { pipelineEventSchema, type MailReader, type PipelineEvent } from "./notification-mail";

/**
 * After a dump or feed run: the upload first (when the delivery method is FTP, FTPS or SFTP), then the notification
 * e-mails and webhook. Each is a delivery row with its outcome and a job of its own, retried a few times.
 */

export const deliverJob = "deliver";
export const notifyJob = "notify";

export type { PipelineEvent } from "./notification-mail";
export { notificationMail } from "./notification-mail";

/** Why an address other than the account's own got nothing (notification-addresses.server.ts). */
const unconfirmedReason = reasonText("addressUnconfirmed");

/** Notification e-mails one user's dumps and feeds may send in 24 hours (finding 16); more are skipped. */
export const dailyNotificationEmailLimit = 200;
const dayMs = 24 * 60 * 60 * 1000;

const deliveryContextSchema = z.object({
  userId: z.string(),
  /** The product of the dump or feed: its output reaches the owner only while they are subscribed. */
  product: z.enum(feedProducts),
  dumpId: z.string().optional(),
  feedRunId: z.string().optional(),
  delivery: deliverySchema,
  notification: notificationSchema,
});
export type DeliveryContext = z.infer<typeof deliveryContextSchema>;

type Outcome = { status: "pending" } | { status: "skipped"; reason: string };

async function createDelivery(
  context: Pick<DeliveryContext, "userId" | "dumpId" | "feedRunId">,
  channel: "ftp" | "ftps" | "sftp" | "email" | "webhook",
  target: string,
  fileId: string | null,
  outcome: Outcome = { status: "pending" },
): Promise<string> {
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
      status: outcome.status,
      last_error: outcome.status === "skipped" ? outcome.reason : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** The notify job's payload: one delivery (an address or the webhook) of one event. */
export const notifyPayload = jobPayload(z.object({ deliveryId: z.string(), event: pipelineEventSchema }));

/** Notification e-mails queued for the user in the last 24 hours (skipped ones do not count). */
async function emailsInLastDay(userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("deliveries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("channel", "=", "email")
    .where("status", "!=", "skipped")
    .where("created_at", ">", nowIso(new Date(now.getTime() - dayMs)))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One e-mail per address, each a delivery row and a notify job; past the daily limit a skipped row says why. */
async function queueEmails(
  context: Pick<DeliveryContext, "userId" | "dumpId" | "feedRunId">,
  addresses: readonly string[],
  event: PipelineEvent,
): Promise<void> {
  let sent = await emailsInLastDay(context.userId, new Date());
  const unconfirmed = await unconfirmedAddresses(context.userId, addresses);
  for (const address of addresses) {
    if (unconfirmed.has(address.trim().toLowerCase())) {
      await createDelivery(context, "email", address, event.fileId, { status: "skipped", reason: unconfirmedReason });
      continue;
    }
    if (sent >= dailyNotificationEmailLimit) {
      await createDelivery(context, "email", address, event.fileId, {
        status: "skipped",
        reason: reasonText("dailyMailLimit", { limit: dailyNotificationEmailLimit }),
      });
      continue;
    }
    sent++;
    const deliveryId = await createDelivery(context, "email", address, event.fileId);
    await enqueueDelivery(notifyJob, deliveryId, notifyPayload.of({ deliveryId, event }));
  }
}

/**
 * Queues one notification per address (at most ten) and one for the webhook URL, while the owner is still
 * subscribed to the product: after the subscription ends nothing about its data goes out.
 */
export async function queueNotifications(context: DeliveryContext, event: PipelineEvent): Promise<void> {
  if (!(await ownerEntitled(context.userId, context.product))) return;
  await queueEmails(context, context.notification.emails.slice(0, maxNotificationEmails), event);
  if (context.notification.url) {
    const deliveryId = await createDelivery(context, "webhook", `${context.notification.method} ${context.notification.url}`, event.fileId);
    await enqueueDelivery(notifyJob, deliveryId, notifyPayload.of({ deliveryId, event }));
  }
}

/** Tells the owner, at the account's own address, why the portal paused a feed or stopped a dump. */
export async function notifyOwner(context: Pick<DeliveryContext, "userId" | "dumpId" | "feedRunId">, event: PipelineEvent): Promise<void> {
  const owner = await db.selectFrom("users").select("email").where("id", "=", context.userId).executeTakeFirst();
  if (owner) await queueEmails(context, [owner.email], event);
}

/**
 * Who reads a notification e-mail to this address, decided when it is sent: the account's own address (the
 * one it signs in and resets its password with) gets the details, any other the portal's address in the
 * mail's language.
 */
export async function mailReader(userId: string, address: string, language: PipelineEvent["language"]): Promise<MailReader> {
  const owner = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  if (owner && owner.email.trim().toLowerCase() === address.trim().toLowerCase()) return { kind: "owner" };
  return { kind: "other", portalUrl: `${publicOrigin()}${localizePath("/", language === "en" ? null : language)}` };
}

/** The deliver job's payload: the file to upload by FTP, and what to notify after. */
export const deliverPayload = jobPayload(
  z.object({
    deliveryId: z.string(),
    fileId: z.string(),
    remoteName: z.string(),
    event: pipelineEventSchema,
    context: deliveryContextSchema,
  }),
);

/** A produced file: uploaded first when the delivery method is an upload, the notifications follow; nothing once unsubscribed. */
export async function deliverFile(context: DeliveryContext, event: PipelineEvent, fileId: string, remoteName: string): Promise<void> {
  if (!(await ownerEntitled(context.userId, context.product))) return;
  if (context.delivery.method !== "platform" && context.delivery.ftp) {
    const deliveryId = await createDelivery(
      context,
      context.delivery.method,
      `${context.delivery.ftp.host}${context.delivery.ftp.path}`,
      fileId,
    );
    await enqueueDelivery(deliverJob, deliveryId, deliverPayload.of({ deliveryId, fileId, remoteName, event, context }));
    return;
  }
  await queueNotifications(context, event);
}
