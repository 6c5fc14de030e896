import { z } from "zod";
import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { fixedT } from "~/modules/i18n/i18n.server";
import { localizePath } from "~/modules/i18n/language";
import { jobPayload } from "~/modules/jobs/payload";
import { enqueue } from "~/modules/jobs/queue.server";
import type { JobContext } from "~/modules/jobs/worker.server";
import { sendMail } from "~/modules/mail/mail.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";

/**
 * Notification e-mail addresses other than the account's own (issue 27) receive a confirmation link first and
 * get nothing until it is followed: a feed or dump could otherwise mail anyone. The link's token is made by the
 * mail job and kept only as its SHA-256, like a password reset link; the link itself is only in the mail.
 */

export const addressConfirmationJob = "notification-address-mail";
const addressJobPayload = jobPayload(z.object({ addressId: z.string() }));

/** The public page a confirmation link opens (robots.txt keeps it private, like reset links). */
const addressConfirmationPath = "/notification-address";

const languages = ["en", "zh"] as const;
type MailLanguage = (typeof languages)[number];

const normalised = (address: string) => address.trim().toLowerCase();

async function ownAddress(userId: string): Promise<string | null> {
  const owner = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return owner ? normalised(owner.email) : null;
}

/** The addresses among `addresses` that get nothing yet: not the account's own and not confirmed (lower case). */
export async function unconfirmedAddresses(userId: string, addresses: readonly string[]): Promise<Set<string>> {
  const own = await ownAddress(userId);
  const others = [...new Set(addresses.map(normalised))].filter((address) => address !== own);
  if (others.length === 0) return new Set();
  const confirmed = await db
    .selectFrom("notification_addresses")
    .select("address")
    .where("user_id", "=", userId)
    .where("address", "in", others)
    .where("confirmed_at", "is not", null)
    .execute();
  const done = new Set(confirmed.map((row) => row.address));
  return new Set(others.filter((address) => !done.has(address)));
}

/** Mails a confirmation link to each new address of the owner's feed or dump; known addresses are not mailed again. */
export async function requestAddressConfirmations(userId: string, addresses: readonly string[], language: MailLanguage): Promise<void> {
  for (const address of await unconfirmedAddresses(userId, addresses)) {
    const id = newId();
    const inserted = await db
      .insertInto("notification_addresses")
      .values({ id, user_id: userId, address, language, token_hash: null, requested_at: nowIso(), confirmed_at: null })
      .onConflict((conflict) => conflict.columns(["user_id", "address"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) await enqueue(addressConfirmationJob, addressJobPayload.of({ addressId: id }));
  }
}

const minuteMs = 60_000;
/** "Send the link again" per address of an owner: once a minute and 5 times a day, so it cannot flood a mailbox. */
const resendLimits = [
  { name: "minute", limit: 1, windowMs: minuteMs },
  { name: "day", limit: 5, windowMs: 24 * 60 * minuteMs },
] as const;

/** What "Send the link again" did: sent, no such address awaits, or refused for `retryAfterSeconds`. */
export type ResendOutcome = { status: "sent" } | { status: "unknown" } | { status: "limited"; retryAfterSeconds: number };

/** "Send the link again": a new link for an address of the owner awaiting confirmation, within the resend limits. */
export async function resendAddressConfirmation(userId: string, address: string): Promise<ResendOutcome> {
  const awaiting = await db
    .selectFrom("notification_addresses")
    .select("id")
    .where("user_id", "=", userId)
    .where("address", "=", normalised(address))
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (!awaiting) return { status: "unknown" };
  for (const { name, limit, windowMs } of resendLimits) {
    const hit = await hitRateLimit(`address-resend:${name}:${awaiting.id}`, limit, windowMs);
    if (!hit.allowed) return { status: "limited", retryAfterSeconds: hit.retryAfterSeconds };
  }
  await db.updateTable("notification_addresses").set({ requested_at: nowIso() }).where("id", "=", awaiting.id).execute();
  await enqueue(addressConfirmationJob, addressJobPayload.of({ addressId: awaiting.id }));
  return { status: "sent" };
}

const isToken = (token: string) => /^[\w-]{20,100}$/.test(token);

/** The address a confirmation link asks about (and whose notifications), or null for an unknown or used link. */
export async function pendingAddress(token: string): Promise<{ address: string; username: string } | null> {
  if (!isToken(token)) return null;
  const row = await db
    .selectFrom("notification_addresses")
    .innerJoin("users", "users.id", "notification_addresses.user_id")
    .select(["notification_addresses.address", "users.username"])
    .where("notification_addresses.token_hash", "=", sha256(token))
    .where("notification_addresses.confirmed_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/** Follows a confirmation link: the confirmed address, or null for a link that is unknown or already used. */
export async function confirmNotificationAddress(token: string): Promise<string | null> {
  if (!isToken(token)) return null;
  const row = await db
    .updateTable("notification_addresses")
    .set({ confirmed_at: nowIso(), token_hash: null })
    .where("token_hash", "=", sha256(token))
    .where("confirmed_at", "is", null)
    .returning("address")
    .executeTakeFirst();
  return row?.address ?? null;
}

/** Job handler: a new link (the previous one stops working) mailed in the language of the feed or dump. */
export async function sendAddressConfirmationMail(job: Pick<JobContext, "payload">): Promise<void> {
  const { addressId } = addressJobPayload.read(job);
  const row = await db.selectFrom("notification_addresses").selectAll().where("id", "=", addressId).executeTakeFirst();
  if (!row || row.confirmed_at) return;
  const owner = await db.selectFrom("users").select("username").where("id", "=", row.user_id).executeTakeFirst();
  if (!owner) return;
  const token = randomToken();
  await db
    .updateTable("notification_addresses")
    .set({ token_hash: sha256(token) })
    .where("id", "=", addressId)
    .execute();
  const language = languages.find((known) => known === row.language) ?? "en";
  const t = await fixedT(language);
  const text = (link: string) => t("notificationAddress.mailText", { username: owner.username, link });
  const link = new URL(`${localizePath(addressConfirmationPath, language === "en" ? null : language)}/${token}`, env.PUBLIC_URL).toString();
  const sent = await sendMail({
    to: row.address,
    subject: t("notificationAddress.mailSubject"),
    text: text(link),
    redactedText: text(t("notificationAddress.linkRemoved")),
  });
  // A mail the server refused is tried again by the job, with a new link.
  if (sent.status === "failed") throw new Error("The confirmation mail could not be sent");
}
