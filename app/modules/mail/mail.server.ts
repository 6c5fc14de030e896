import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { redactSecrets } from "~/modules/secrets/redact";
import { outboxKeepsLinks } from "./security-mail";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * Marks a security mail (a reset or sandbox access link): its body without the link, which the outbox keeps
   * instead of the link wherever the outbox is not the delivery channel (outboxKeepsLinks).
   */
  redactedText?: string;
}

let transport: Transporter | undefined;

function getTransport(): Transporter | undefined {
  if (!env.SMTP_URL) return undefined;
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  return transport;
}

/**
 * Every mail is written to the outbox first, so nothing is lost; with SMTP_URL it is sent at once and
 * the outcome recorded, without it it stays in the outbox (status "stored") for admins to read. A security
 * mail's link is written only where the outbox is the delivery channel (development without SMTP): a sent or
 * failed mail, or one no one will deliver, never keeps it.
 */
export async function sendMail(mail: OutgoingMail): Promise<{ id: string; status: "sent" | "stored" | "failed" }> {
  const id = newId();
  const body = mail.redactedText !== undefined && !outboxKeepsLinks(env) ? mail.redactedText : mail.text;
  await db
    .insertInto("outbox")
    .values({
      id,
      created_at: nowIso(),
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body,
      status: "stored",
      last_error: null,
      sent_at: null,
      security: mail.redactedText !== undefined ? 1 : 0,
    })
    .execute();
  const smtp = getTransport();
  if (!smtp) return { id, status: "stored" };
  try {
    await smtp.sendMail({ from: env.MAIL_FROM, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
    await db.updateTable("outbox").set({ status: "sent", sent_at: nowIso(), attempts: 1 }).where("id", "=", id).execute();
    return { id, status: "sent" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 1, last_error: redactSecrets(reason).slice(0, 2000) })
      .where("id", "=", id)
      .execute();
    return { id, status: "failed" };
  }
}
