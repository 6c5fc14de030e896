import { CAPTCHA_FIELD } from "~/modules/captcha/captcha-field";
import { verifyCaptcha } from "~/modules/captcha/captcha-store.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";
import { addressLimitKey } from "~/modules/rate-limit/address-key";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { ContactFailure } from "./contact-outcome";
import { contactFields, HONEYPOT_FIELD, type ContactInput, type ContactKind } from "./contact-schemas";

const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export type ContactOutcome = { status: "stored"; id: string } | ContactFailure;

export interface ContactLimits {
  perSender: number;
  unverifiedPerAddress: number;
}

/** The rate-limit keys one message counts against, each with its hourly limit. */
export function contactLimitKeys(email: string, address: string | null, verified: boolean, limits: ContactLimits) {
  // Without a known address every unverified message shares one budget: failing closed beats no limit.
  const client = addressLimitKey(address);
  return [
    ...(verified ? [] : [{ key: `contact:unverified:${client}`, limit: limits.unverifiedPerAddress, unverified: true }]),
    { key: `contact:email:${email.toLowerCase()}`, limit: limits.perSender, unverified: false },
    ...(address ? [{ key: `contact:ip:${client}`, limit: limits.perSender, unverified: false }] : []),
  ];
}

/**
 * Stores a validated contact message and e-mails it to support. A filled honeypot is refused; each sender
 * address and each client address may send CONTACT_RATE_LIMIT messages an hour. A posted captcha solution
 * must verify and is used once.
 */
export async function submitContactMessage(kind: ContactKind, input: ContactInput, address: string | null): Promise<ContactOutcome> {
  const fields: Record<string, unknown> = input;
  if (fields[HONEYPOT_FIELD]) return { status: "spam" };

  const solution = input[CAPTCHA_FIELD];
  const captcha = solution ? await verifyCaptcha(solution) : null;
  if (captcha === "invalid") return { status: "captcha-invalid" };
  if (captcha === "reused") return { status: "captcha-reused" };

  // Policy: a message without a solved captcha (no JavaScript, or the JSON API) is accepted only within
  // CONTACT_UNVERIFIED_LIMIT per client address an hour, so scripted spam pays a proof of work or meets a
  // low ceiling, and people without JavaScript still reach support.
  const limits = { perSender: env.CONTACT_RATE_LIMIT, unverifiedPerAddress: env.CONTACT_UNVERIFIED_LIMIT };
  for (const { key, limit, unverified } of contactLimitKeys(input.email, address, captcha === "verified", limits)) {
    const result = await hitRateLimit(key, limit, RATE_LIMIT_WINDOW_MS);
    if (!result.allowed) return { status: unverified ? "unverified-limited" : "rate-limited", retryAfterSeconds: result.retryAfterSeconds };
  }

  const { [HONEYPOT_FIELD]: _honeypot, [CAPTCHA_FIELD]: _captcha, ...payload } = fields;
  const name = senderName(input);
  const subject = "subject" in input ? input.subject : `Business inquiry from ${input.companyName}`;
  const id = newId();
  await db
    .insertInto("contact_messages")
    .values({ id, created_at: nowIso(), kind, email: input.email, name, subject, payload: JSON.stringify(payload) })
    .execute();
  await sendMail({
    to: env.SUPPORT_EMAIL,
    replyTo: input.email,
    subject: `[${kind}] ${subject}`,
    text: formatContactMail(kind, payload, id),
  });
  return { status: "stored", id };
}

function senderName(input: ContactInput): string {
  return "name" in input ? input.name : `${input.firstName} ${input.lastName}`;
}

/** Plain-text e-mail body: every field of the form in its order, then the message reference. */
export function formatContactMail(kind: ContactKind, payload: Record<string, unknown>, id: string): string {
  const lines = contactFields[kind]
    .filter((field) => payload[field.name] !== undefined)
    .map((field) => {
      const value = String(payload[field.name]);
      return value.includes("\n") ? `${field.name}:\n${value}\n` : `${field.name}: ${value}`;
    });
  return [...lines, "", `Reference: ${id}`].join("\n");
}
