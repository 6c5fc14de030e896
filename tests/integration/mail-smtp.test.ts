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
});
