import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { fixedT } from "~/modules/i18n/i18n.server";
import { sendMail } from "~/modules/mail/mail.server";
import { productCatalogue } from "~/modules/registry/product-catalogue";
import { dueReminder, REMINDER_THRESHOLD_DAYS } from "./subscription-reminders";

export const subscriptionRemindersJob = "subscription-reminders";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Periodic job: e-mails each subscriber whose subscription ends within a reminder threshold (14 days, 1 day). Each
 * (subscription, end date, threshold) is claimed in subscription_reminders before the mail is sent, so with any
 * number of workers and restarts a reminder goes once; a renewal's new end date has no claims yet. The portal
 * records no language per user, so the mail is English. Returns how many mails it sent.
 */
export async function sendSubscriptionReminders(now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + Math.max(...REMINDER_THRESHOLD_DAYS) * DAY_MS);
  const rows = await db
    .selectFrom("subscriptions")
    .innerJoin("users", "users.id", "subscriptions.user_id")
    .select(["subscriptions.id", "subscriptions.product", "subscriptions.ends_at", "users.email", "users.first_name"])
    .where("subscriptions.starts_at", "<=", nowIso(now))
    .where("subscriptions.ends_at", ">", nowIso(now))
    .where("subscriptions.ends_at", "<=", nowIso(horizon))
    .execute();
  let sent = 0;
  for (const row of rows) {
    const due = dueReminder(row.ends_at, now);
    if (!due) continue;
    let claimed = 0;
    for (const threshold of due.thresholds) {
      const result = await db
        .insertInto("subscription_reminders")
        .values({ subscription_id: row.id, ends_at: nowIso(new Date(row.ends_at)), threshold_days: threshold, sent_at: nowIso(now) })
        .onConflict((conflict) => conflict.columns(["subscription_id", "ends_at", "threshold_days"]).doNothing())
        .executeTakeFirst();
      claimed += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    if (claimed === 0) continue;
    await sendMail(await reminderMail(row, due.daysLeft));
    sent++;
  }
  return sent;
}

async function reminderMail(row: { product: string; ends_at: string; email: string; first_name: string }, daysLeft: number) {
  const t = await fixedT("en");
  const product = t(`subscriptionReminder.products.${row.product}`, { defaultValue: row.product });
  const date = `${row.ends_at.slice(0, 10)} ${row.ends_at.slice(11, 16)} UTC`;
  const hasFeeds = productCatalogue.some((entry) => entry.subscription === row.product);
  return {
    to: row.email,
    subject: t("subscriptionReminder.subject", { product, date }),
    text: [
      row.first_name ? t("subscriptionReminder.greeting", { name: row.first_name }) : t("subscriptionReminder.greetingNoName"),
      "",
      t("subscriptionReminder.ends", { product, date, count: daysLeft }),
      "",
      t(hasFeeds ? "subscriptionReminder.atEndFeeds" : "subscriptionReminder.atEnd", { product }),
      "",
      t("subscriptionReminder.renew"),
    ].join("\n"),
  };
}
