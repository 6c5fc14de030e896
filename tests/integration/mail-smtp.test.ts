import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** A real SMTP server on loopback receives what the portal sends when SMTP_URL is set. */
const received: { to: string[]; subject: string; text: string; replyTo: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            replyTo: mail.replyTo?.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function importWithSmtp(url: string) {
  vi.resetModules();
  process.env.SMTP_URL = url;
  try {
    return {
      contact: await import("~/modules/contact/contact.server"),
      schemas: await import("~/modules/contact/contact-schemas"),
      db: (await import("~/modules/db/db.server")).db,
      mail: await import("~/modules/mail/mail.server"),
      reads: await import("~/modules/admin/audited-reads.server"),
    };
  } finally {
    delete process.env.SMTP_URL;
  }
}

describe("mail over SMTP", () => {
  it("delivers a contact message to the support address and records it as sent", async () => {
    const { contact, schemas, db } = await importWithSmtp(`smtp://127.0.0.1:${port}`);
    const input = schemas.contactSchemas["report-bug"].parse({
      name: "Linus",
      email: "linus@example.com",
      subject: "429 on sequential calls",
      text: "I get 429 although I wait a second.",
      product: "macroeconomic",
      stepsToReproduce: "Call /series/search twice, one second apart.",
    });
    const outcome = await contact.submitContactMessage("report-bug", input, null);
    expect(outcome.status).toBe("stored");

    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({
      to: ["support@example.com"],
      subject: "[report-bug] 429 on sequential calls",
      replyTo: "linus@example.com",
    });
    expect(received[0]!.text).toContain("stepsToReproduce: Call /series/search twice, one second apart.");
    const mail = await db
      .selectFrom("outbox")
      .selectAll()
      .where("subject", "=", "[report-bug] 429 on sequential calls")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: "sent", attempts: 1 });
    expect(mail.sent_at).not.toBeNull();
    await db.destroy();
  });

  it("keeps the message and records the failure when the SMTP server cannot be reached", async () => {
    const { contact, schemas, db } = await importWithSmtp("smtp://127.0.0.1:1");
    const input = schemas.contactSchemas["general-inquiry"].parse({
      name: "Offline",
      email: "offline@example.com",
      subject: "Unreachable",
      text: "The SMTP server is down.",
    });
    const outcome = await contact.submitContactMessage("general-inquiry", input, null);
    expect(outcome.status).toBe("stored");
    const mail = await db.selectFrom("outbox").selectAll().where("subject", "=", "[general-inquiry] Unreachable").executeTakeFirstOrThrow();
    expect(mail.status).toBe("failed");
    expect(mail.last_error).toMatch(/ECONNREFUSED|connect/i);
    await db.destroy();
  });

  it("[security3-N11] keeps no link of a security mail whose sending failed, and shows admins none", async () => {
    const { mail, reads, db } = await importWithSmtp("smtp://127.0.0.1:1");
    const link = "http://localhost:3000/zh/api-products/econ/sandbox/AbC_d-1xYz";
    const failed = await mail.sendMail({
      to: "trial@example.com",
      subject: "Your sandbox access link",
      text: `Open this link to get your trial key: ${link}`,
      redactedText: "Open this link to get your trial key: (link removed from the outbox)",
    });
    expect(failed.status).toBe("failed");
    const row = await db.selectFrom("outbox").select(["status", "body", "security"]).where("id", "=", failed.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "failed", body: "Open this link to get your trial key: (link removed from the outbox)", security: 1 });

    // A row written before security mails were marked, its link still in place.
    const legacy = { id: "00000000-0000-4000-8000-0000000000aa", created_at: "2026-01-01T00:00:00.000Z", recipient: "old@example.com" };
    await db
      .insertInto("outbox")
      .values({
        ...legacy,
        reply_to: null,
        subject: "Reset",
        body: `Link: ${link}`,
        status: "stored",
        last_error: null,
        sent_at: null,
        security: 1,
      })
      .execute();
    const admin = { id: "00000000-0000-4000-8000-0000000000ad", username: "auditor@example.com" };
    expect(await reads.readOutboxMessage(admin, legacy.id)).toMatchObject({
      body: "Link: http://localhost:3000/zh/api-products/econ/sandbox/[redacted]",
    });
    await db.destroy();
  });
});
