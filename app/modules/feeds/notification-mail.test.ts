import { describe, expect, it } from "vitest";
import { notificationMail, plainLine, quotedLine, type PipelineEvent } from "./notification-mail";

const event: PipelineEvent = {
  event: "dump.completed",
  id: "d1",
  name: "GDP",
  language: "en",
  records: 12,
  fileId: "f1",
  downloadUrl: "http://portal.test/api/files/f1",
  error: null,
};

describe("notification e-mails", () => {
  it("[security-16] the subject is fixed and names the portal, never the subscriber's text", () => {
    const phishing = "Your account is locked - verify at http://evil.example/login";
    const mail = notificationMail({ ...event, name: phishing });
    expect(mail.subject).toBe("Developer Portal: your dump is ready");
    expect(notificationMail({ ...event, event: "feed.delivered", name: phishing, language: "zh" }).subject).toBe(
      "开发者门户：您的数据推送有新数据",
    );
    expect(mail.text).toContain(`Dump name: "${phishing}"`);
    expect(mail.text).toContain("Records: 12");
    expect(mail.text).toContain("http://portal.test/api/files/f1");
  });

  it("[security-16] a name with CR/LF and control characters stays on one quoted line of the body", () => {
    const name = 'Q3\r\nBcc: victim@example.com\r\n\r\nYour password expired\u2028"click" \\ here\u202e\u0000';
    const mail = notificationMail({ ...event, name, error: "550 denied\r\nFake: header" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const lines = mail.text.split("\n");
    const nameLine = lines.find((line) => line.startsWith("Dump name: "));
    expect(nameLine).toBe('Dump name: "Q3 Bcc: victim@example.com Your password expired \\"click\\" \\\\ here"');
    expect(lines.some((line) => line.startsWith("Bcc:") || line.startsWith("Your password"))).toBe(false);
    expect(lines).toContain('Reason: "550 denied Fake: header"');
    expect(mail.text).not.toMatch(/[\r\u2028\u202e]/);
    expect(mail.text.includes("\u0000")).toBe(false);
  });

  it("keeps plain text short and on one line", () => {
    expect(plainLine("a\tb\n\nc")).toBe("a b c");
    expect(plainLine("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
    expect(quotedLine('say "hi"')).toBe('"say \\"hi\\""');
  });
});
