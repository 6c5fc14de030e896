import { describe, expect, it } from "vitest";
import { contactSchemas } from "~/modules/contact/contact-schemas";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { db } from "~/modules/db/db.server";

function inquiry(email: string) {
  return contactSchemas["general-inquiry"].parse({
    name: "Ada Lovelace",
    email,
    subject: "Series frequency",
    text: "Which frequencies does the macroeconomic API cover?\nThanks.",
    sdk: "python",
  });
}

describe("contact messages", () => {
  it("are stored and e-mailed to support through the outbox", async () => {
    const outcome = await submitContactMessage("general-inquiry", inquiry("store@example.com"), null);
    expect(outcome.status).toBe("stored");
    const id = outcome.status === "stored" ? outcome.id : "";
    const message = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: "general-inquiry", email: "store@example.com", name: "Ada Lovelace" });
    expect(JSON.parse(message.payload)).toMatchObject({ subject: "Series frequency", sdk: "python" });

    const mail = await db.selectFrom("outbox").selectAll().where("body", "like", `%${id}%`).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ recipient: "support@example.com", reply_to: "store@example.com", status: "stored" });
    expect(mail.subject).toBe("[general-inquiry] Series frequency");
    expect(mail.body).toContain("text:\nWhich frequencies does the macroeconomic API cover?\nThanks.");
  });

  it("stores business inquiries with the sender's full name", async () => {
    const input = contactSchemas["business-inquiry"].parse({
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      companyName: "Navy Labs",
      jobFunction: "Engineering",
      city: "Arlington",
      country: "US",
      phoneNumber: "+1 703 555 0100",
      product: "fund-flows",
    });
    const outcome = await submitContactMessage("business-inquiry", input, null);
    expect(outcome.status).toBe("stored");
    const stored = await db.selectFrom("contact_messages").selectAll().where("email", "=", "grace@example.com").executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: "Grace Hopper", subject: "Business inquiry from Navy Labs" });
  });

  it("refuses a filled honeypot and stores nothing", async () => {
    const input = { ...inquiry("bot@example.com"), website: "http://spam.example" };
    expect(await submitContactMessage("general-inquiry", input, null)).toEqual({ status: "spam" });
    const count = await db.selectFrom("contact_messages").where("email", "=", "bot@example.com").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("limits each sender address to 5 messages an hour, whatever the case of the address", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const email = attempt % 2 ? "Busy@Example.com" : "busy@example.com";
      expect((await submitContactMessage("general-inquiry", inquiry(email), null)).status).toBe("stored");
    }
    const refused = await submitContactMessage("general-inquiry", inquiry("busy@example.com"), null);
    expect(refused.status).toBe("rate-limited");
    expect(refused.status === "rate-limited" && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await submitContactMessage("general-inquiry", inquiry("other@example.com"), null)).status).toBe("stored");
  });

  it("limits a client address across sender addresses", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await submitContactMessage("general-inquiry", inquiry(`ip-${attempt}@example.com`), "203.0.113.9");
    }
    const refused = await submitContactMessage("general-inquiry", inquiry("ip-new@example.com"), "203.0.113.9");
    expect(refused.status).toBe("rate-limited");
  });
});
