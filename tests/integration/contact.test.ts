import { solveChallenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { issueChallenge } from "~/modules/captcha/captcha.server";
import { captchaKey } from "~/modules/captcha/captcha-store.server";
import { contactSchemas } from "~/modules/contact/contact-schemas";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { db } from "~/modules/db/db.server";
import { forgedCaptchaPayload } from "../support/forged-captcha";

function inquiry(email: string, altcha?: string) {
  return contactSchemas["general-inquiry"].parse({
    name: "Ada Lovelace",
    email,
    subject: "Series frequency",
    text: "Which frequencies does the macroeconomic API cover?\nThanks.",
    sdk: "python",
    altcha,
  });
}

/** What the widget posts after a real proof of work, on an easy challenge signed with the portal's key. */
async function solvedCaptcha(): Promise<string> {
  const challenge = await issueChallenge(captchaKey(), { maxNumber: 2000 });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution?.number, salt, signature })).toString(
    "base64",
  );
}

async function verifiedInquiry(email: string) {
  return inquiry(email, await solvedCaptcha());
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
    const count = await db
      .selectFrom("contact_messages")
      .where("email", "=", "bot@example.com")
      .select(db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("limits each sender address to 5 messages an hour, whatever the case of the address", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const email = attempt % 2 ? "Busy@Example.com" : "busy@example.com";
      expect((await submitContactMessage("general-inquiry", await verifiedInquiry(email), null)).status).toBe("stored");
    }
    const refused = await submitContactMessage("general-inquiry", await verifiedInquiry("busy@example.com"), null);
    expect(refused.status).toBe("rate-limited");
    expect(refused.status === "rate-limited" && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await submitContactMessage("general-inquiry", await verifiedInquiry("other@example.com"), null)).status).toBe("stored");
  });

  it("limits each client address across sender addresses and each sender across client addresses", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await submitContactMessage("general-inquiry", await verifiedInquiry(`ip-${attempt}@example.com`), "203.0.113.9");
      expect(outcome.status).toBe("stored");
    }
    const refused = await submitContactMessage("general-inquiry", await verifiedInquiry("ip-new@example.com"), "203.0.113.9");
    expect(refused.status).toBe("rate-limited");
    expect((await submitContactMessage("general-inquiry", await verifiedInquiry("ip-new@example.com"), "203.0.113.10")).status).toBe(
      "stored",
    );

    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await submitContactMessage("general-inquiry", await verifiedInquiry("roaming@example.com"), `198.51.100.${attempt}`);
      expect(outcome.status).toBe("stored");
    }
    expect((await submitContactMessage("general-inquiry", await verifiedInquiry("roaming@example.com"), "198.51.100.99")).status).toBe(
      "rate-limited",
    );
  });

  it("[security-15] accepts messages without a captcha only within the unverified budget of the client address", async () => {
    const address = "192.0.2.44";
    for (const email of ["nojs-1@example.com", "nojs-2@example.com"]) {
      expect((await submitContactMessage("general-inquiry", inquiry(email), address)).status).toBe("stored");
    }
    const refused = await submitContactMessage("general-inquiry", inquiry("nojs-3@example.com"), address);
    expect(refused).toMatchObject({ status: "unverified-limited" });
    expect(refused.status === "unverified-limited" && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await submitContactMessage("general-inquiry", await verifiedInquiry("nojs-3@example.com"), address)).status).toBe("stored");
    expect((await submitContactMessage("general-inquiry", inquiry("nojs-4@example.com"), "192.0.2.45")).status).toBe("stored");
    const stored = await db
      .selectFrom("contact_messages")
      .select("payload")
      .where("email", "=", "nojs-3@example.com")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload)).not.toHaveProperty("altcha");
  });

  it("[security-15] refuses an invalid or reused captcha and stores nothing for it", async () => {
    const solved = await solvedCaptcha();
    expect((await submitContactMessage("general-inquiry", inquiry("once@example.com", solved), "192.0.2.50")).status).toBe("stored");
    expect(await submitContactMessage("general-inquiry", inquiry("twice@example.com", solved), "192.0.2.51")).toEqual({
      status: "captcha-reused",
    });
    expect(await submitContactMessage("general-inquiry", inquiry("forged@example.com", forgedCaptchaPayload), "192.0.2.52")).toEqual({
      status: "captcha-invalid",
    });
    const count = await db
      .selectFrom("contact_messages")
      .where("email", "in", ["twice@example.com", "forged@example.com"])
      .select(db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
