import fs from "node:fs/promises";
import { accountOf } from "~/modules/usage/call-record";
import { sql } from "kysely";
import { z } from "zod";
import { loginThrottleKeys } from "~/modules/auth/login.server";
import { picturePath } from "~/modules/auth/profile.server";
import { db } from "~/modules/db/db.server";
import { cancelDump, runDumpJob } from "~/modules/feeds/dumps.server";
import { runFeedJob } from "~/modules/feeds/feeds.server";
import { absoluteFilePath, ownerFolder } from "~/modules/feeds/files.server";
import { deliverJob, notifyJob } from "~/modules/feeds/notifications.server";
import { requestCancel } from "~/modules/jobs/queue.server";
import { clearRateLimit } from "~/modules/rate-limit/rate-limit.server";

/** What stands in for a deleted user's name, e-mail and username in the records that are kept. */
export const DELETED_USER = "deleted-user";

/** The contact form fields that name or reach a person (contact-schemas.ts); the rest of a message is kept. */
const PERSONAL_CONTACT_FIELDS = ["name", "email", "firstName", "lastName", "companyName", "jobFunction", "city", "country", "phoneNumber"];

/** What of a job's payload names the account's work (the feed, dump and delivery jobs' payloads). */
const jobTargetsSchema = z.object({ feedId: z.string().optional(), dumpId: z.string().optional(), deliveryId: z.string().optional() });
const storedFieldsSchema = z.record(z.unknown());

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "lastAdmin" };

/** The account's deliveries, dumps and feeds as the job payloads name them. */
async function findOwnedJobTargets(userId: string): Promise<Set<string>> {
  const [feeds, dumps, deliveries] = await Promise.all([
    db.selectFrom("feeds").select("id").where("user_id", "=", userId).execute(),
    db.selectFrom("dumps").select("id").where("user_id", "=", userId).execute(),
    db.selectFrom("deliveries").select("id").where("user_id", "=", userId).execute(),
  ]);
  return new Set([...feeds, ...dumps, ...deliveries].map((row) => row.id));
}

/**
 * Stops the account's work in the queue: its dumps are cancelled (a running one stops at its next page and
 * finds its row gone), and its queued or running feed runs, deliveries and notifications are cancelled.
 */
async function cancelOwnedWork(userId: string): Promise<void> {
  const active = await db
    .selectFrom("dumps")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", ["queued", "running"])
    .execute();
  for (const dump of active) await cancelDump(dump.id);
  const targets = await findOwnedJobTargets(userId);
  const jobs = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("status", "in", ["queued", "running"])
    .where("kind", "in", [runFeedJob, runDumpJob, deliverJob, notifyJob])
    .execute();
  for (const job of jobs) {
    const named = jobTargetsSchema.safeParse(parseJson(job.payload));
    if (!named.success) continue;
    if ([named.data.feedId, named.data.dumpId, named.data.deliveryId].some((id) => id !== undefined && targets.has(id))) {
      await requestCancel(job.id);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A contact message's stored fields without those that name or reach the sender. */
function anonymisePayload(payload: string): string {
  const fields = storedFieldsSchema.safeParse(parseJson(payload));
  if (!fields.success) return "{}";
  return JSON.stringify(Object.fromEntries(Object.entries(fields.data).filter(([name]) => !PERSONAL_CONTACT_FIELDS.includes(name))));
}

/**
 * Deletes a user's account as the privacy policy promises: the user row and, with it (foreign keys cascade),
 * platforms, subscriptions, sessions, API keys, reset links, feeds, their runs, dumps, file records and
 * deliveries; then the fund-flows sessions and records, the throttling rows keyed on the e-mail, the mails to
 * it, and the produced files and picture on disk. Contact messages and the audit trail stay, without the
 * person: their name, e-mail and username become "deleted-user". The last admin cannot delete themselves.
 */
export async function deleteAccount(userId: string): Promise<DeleteAccountResult> {
  const user = await db.selectFrom("users").select(["id", "email", "username", "is_admin"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return { ok: true };
  if (user.is_admin === 1) {
    const otherAdmin = await db.selectFrom("users").select("id").where("is_admin", "=", 1).where("id", "!=", userId).executeTakeFirst();
    if (!otherAdmin) return { ok: false, reason: "lastAdmin" };
  }
  await cancelOwnedWork(userId);
  const files = await db.selectFrom("files").select("path").where("user_id", "=", userId).execute();
  const throttleKeys = loginThrottleKeys(user.email, null);

  await db.transaction().execute(async (trx) => {
    const messages = await trx
      .selectFrom("contact_messages")
      .select(["id", "kind", "payload"])
      .where(sql<boolean>`lower(email) = ${user.email.toLowerCase()}`)
      .execute();
    for (const message of messages) {
      await trx
        .updateTable("contact_messages")
        .set({
          name: DELETED_USER,
          email: DELETED_USER,
          payload: anonymisePayload(message.payload),
          // A business inquiry's subject names the sender's company.
          ...(message.kind === "business-inquiry" ? { subject: "Business inquiry" } : {}),
        })
        .where("id", "=", message.id)
        .execute();
    }
    await trx.updateTable("admin_actions").set({ owner_username: DELETED_USER }).where("owner_username", "=", user.username).execute();
    await trx.updateTable("admin_actions").set({ admin_username: DELETED_USER }).where("admin_id", "=", userId).execute();
    await trx.updateTable("incidents").set({ username: null }).where("username", "=", user.username).execute();
    await trx.deleteFrom("outbox").where("recipient", "=", user.email).execute();
    await trx.deleteFrom("data_api_sessions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("data_api_records").where("owner_id", "=", userId).execute();
    // The call log holds the account's addresses and user agents; its daily totals go with it.
    await trx.deleteFrom("api_call_log").where("account", "=", accountOf(userId)).execute();
    await trx.deleteFrom("api_usage_daily").where("account", "=", accountOf(userId)).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
  });
  // The limits keyed on the e-mail address go with it (they may live in Redis, outside the transaction).
  await Promise.all([throttleKeys.account, `reset:account:${user.email}`].map((key) => clearRateLimit(key)));

  for (const file of files) await fs.rm(absoluteFilePath(file.path), { force: true });
  await fs.rm(absoluteFilePath(ownerFolder(userId)), { recursive: true, force: true });
  await fs.rm(picturePath(userId), { force: true });
  return { ok: true };
}
