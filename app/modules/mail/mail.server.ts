import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The body the outbox keeps once SMTP has delivered the mail: security mails drop their link then. */
  storedTextAfterSending?: string;
}

let transport: Transporter | undefined;

function getTransport(): Transporter | undefined {
  if (!env.SMTP_URL) return undefined;
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  return transport;
}

/**
 * Every mail is written to the outbox first, so nothing is lost; with SMTP_URL it is sent at once and
 * the outcome recorded, without it it stays in the outbox (status "stored") for admins to read. Without
 * SMTP the outbox is the only delivery channel, so it keeps the whole body, links included.
 */
export async function sendMail(mail: OutgoingMail): Promise<{ id: string; status: "sent" | "stored" | "failed" }> {
  const id = newId();
  await db
    .insertInto("outbox")
    .values({
      id,
      created_at: nowIso(),
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body: mail.text,
      status: "stored",
      last_error: null,
      sent_at: null,
    })
    .execute();
  const smtp = getTransport();
  if (!smtp) return { id, status: "stored" };
  try {
    await smtp.sendMail({ from: env.MAIL_FROM, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: nowIso(), attempts: 1, body: mail.storedTextAfterSending ?? mail.text })
      .where("id", "=", id)
      .execute();
    return { id, status: "sent" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 1, last_error: reason.slice(0, 2000) })
      .where("id", "=", id)
      .execute();
    return { id, status: "failed" };
  }
}
