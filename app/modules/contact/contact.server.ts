import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { contactFields, HONEYPOT_FIELD, type ContactInput, type ContactKind } from "./contact-schemas";

const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;

export type ContactOutcome =
  | { status: "stored"; id: string }
  | { status: "spam" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a validated contact message and e-mails it to support. A filled honeypot is refused; each sender
 * address (and client IP behind a trusted proxy) may send CONTACT_RATE_LIMIT messages an hour.
 */
export async function submitContactMessage(
  kind: ContactKind,
  input: ContactInput,
  ip: string | null,
): Promise<ContactOutcome> {
  const fields = input as Record<string, unknown>;
  if (fields[HONEYPOT_FIELD]) return { status: "spam" };

  const keys = [`contact:email:${input.email.toLowerCase()}`, ...(ip ? [`contact:ip:${ip}`] : [])];
  for (const key of keys) {
    const limit = await hitRateLimit(key, env.CONTACT_RATE_LIMIT, RATE_LIMIT_WINDOW_MS);
    if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  }

  const { [HONEYPOT_FIELD]: _honeypot, ...payload } = fields;
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
