import { describe, expect, it } from "vitest";
import { outboxKeepsLinks } from "./security-mail";

describe("outboxKeepsLinks", () => {
  it("[security3-N11] keeps links only where the outbox is the delivery channel of a development machine", () => {
    const local = "http://localhost:3000";
    const remote = "https://portal.example.com";
    expect(outboxKeepsLinks({ NODE_ENV: "development", PUBLIC_URL: remote, SMTP_URL: undefined })).toBe(true);
    expect(outboxKeepsLinks({ NODE_ENV: "test", PUBLIC_URL: local, SMTP_URL: undefined })).toBe(true);
    expect(outboxKeepsLinks({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3210", SMTP_URL: undefined })).toBe(true);
    expect(outboxKeepsLinks({ NODE_ENV: "production", PUBLIC_URL: remote, SMTP_URL: undefined })).toBe(false);
    expect(outboxKeepsLinks({ NODE_ENV: "development", PUBLIC_URL: local, SMTP_URL: "smtp://127.0.0.1:25" })).toBe(false);
    expect(outboxKeepsLinks({ NODE_ENV: "production", PUBLIC_URL: remote, SMTP_URL: "smtps://mail.example.com" })).toBe(false);
  });
});
