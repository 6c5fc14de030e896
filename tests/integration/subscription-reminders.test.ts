import { describe, expect, it } from "vitest";
import { sendSubscriptionReminders, subscriptionRemindersJob } from "~/modules/auth/subscription-reminders.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { engineHandlers, periodicJobs } from "~/modules/server/engine.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const endsAt = new Date("2027-03-01T00:00:00.000Z");
const before = (days: number, hours = 0) => new Date(endsAt.getTime() - days * DAY_MS - hours * 3600_000);

async function subscriber(product = "macroeconomic", end = endsAt.toISOString()) {
  const userId = newId();
  const email = `${userId}@reminders.test`;
  await db
    .insertInto("users")
    .values({ id: userId, email, username: userId, password_hash: "x", picture_type: null, created_at: nowIso(), first_name: "Ada" })
    .execute();
  const subscriptionId = newId();
  await db
    .insertInto("subscriptions")
    .values({ id: subscriptionId, user_id: userId, product, starts_at: "2026-01-01T00:00:00.000Z", ends_at: end, databases: null })
    .execute();
  return { email, subscriptionId };
}

function mailsTo(email: string) {
  return db.selectFrom("outbox").select(["subject", "body"]).where("recipient", "=", email).orderBy("created_at").execute();
}

describe("subscription end reminders", () => {
  it("e-mail once 14 days and once 1 day before the end date, naming the product, the date and what happens", async () => {
    const { email } = await subscriber();
    await sendSubscriptionReminders(before(15));
    expect(await mailsTo(email)).toEqual([]);

    await sendSubscriptionReminders(before(14));
    await sendSubscriptionReminders(before(13, 12));
    const fourteen = await mailsTo(email);
    expect(fourteen).toHaveLength(1);
    expect(fourteen[0]!.subject).toBe("Your macroeconomic subscription ends on 2027-03-01 00:00 UTC");
    expect(fourteen[0]!.body).toContain("Hello Ada,");
    expect(fourteen[0]!.body).toContain("ends on 2027-03-01 00:00 UTC, in 14 days.");
    expect(fourteen[0]!.body).toContain("the API key it opens is deactivated");
    expect(fourteen[0]!.body).toContain("your macroeconomic feeds are paused");

    await sendSubscriptionReminders(before(1));
    await sendSubscriptionReminders(before(0, 1));
    const all = await mailsTo(email);
    expect(all).toHaveLength(2);
    expect(all[1]!.body).toContain("ends on 2027-03-01 00:00 UTC, within a day.");

    await sendSubscriptionReminders(endsAt);
    await sendSubscriptionReminders(new Date(endsAt.getTime() + DAY_MS));
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("send each reminder once when several workers run at the same moment", async () => {
    const { email } = await subscriber("intelligence");
    const sent = await Promise.all([1, 2, 3, 4].map(() => sendSubscriptionReminders(before(10))));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    // The intelligence data has no feeds: the mail does not promise to pause any.
    expect(mails[0]!.body).not.toContain("feeds");
  });

  it("send one mail for a subscription already within a day of its end, and none for the passed 14-day reminder later", async () => {
    const { email } = await subscriber("company");
    await sendSubscriptionReminders(before(0, 10));
    await sendSubscriptionReminders(before(0, 5));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("make new reminders due after a renewal moves the end date", async () => {
    const { email, subscriptionId } = await subscriber("documents");
    await sendSubscriptionReminders(before(14));
    await sendSubscriptionReminders(before(1));
    expect(await mailsTo(email)).toHaveLength(2);

    const renewedEnd = new Date(endsAt.getTime() + 365 * DAY_MS);
    await db
      .updateTable("subscriptions")
      .set({ ends_at: nowIso(renewedEnd) })
      .where("id", "=", subscriptionId)
      .execute();
    await sendSubscriptionReminders(before(0, 12));
    expect(await mailsTo(email)).toHaveLength(2);
    await sendSubscriptionReminders(new Date(renewedEnd.getTime() - 14 * DAY_MS));
    await sendSubscriptionReminders(new Date(renewedEnd.getTime() - DAY_MS));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(4);
    expect(mails[3]!.subject).toBe("Your documents subscription ends on 2028-02-29 00:00 UTC");
  });

  it("send nothing for open-ended or ended subscriptions", async () => {
    const openEnded = await subscriber("macroeconomic", "9999-01-10T00:00:00.000Z");
    const ended = await subscriber("macroeconomic", "2026-06-01T00:00:00.000Z");
    await sendSubscriptionReminders(new Date("9999-01-09T12:00:00.000Z"));
    await sendSubscriptionReminders(new Date("2026-06-01T12:00:00.000Z"));
    expect(await mailsTo(openEnded.email)).toEqual([]);
    expect(await mailsTo(ended.email)).toEqual([]);
  });

  it("run as a periodic job of the worker", () => {
    expect(engineHandlers[subscriptionRemindersJob]).toBeDefined();
    expect(periodicJobs().map((job) => job.kind)).toContain(subscriptionRemindersJob);
  });
});
