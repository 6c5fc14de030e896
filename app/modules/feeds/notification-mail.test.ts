import { describe, expect, it } from "vitest";
import { notificationMail, plainLine, quotedLine, type MailReader, type PipelineEvent } from "./notification-mail";

const event: PipelineEvent = {
  event: "dump.completed",
  id: "d1",
  name: "GDP",
  language: "en",
  records: 12,
  newCount: null,
  changedCount: null,
  fileId: "f1",
  downloadUrl: "http://portal.test/api/files/f1",
  error: null,
};
const owner: MailReader = { kind: "owner" };

describe("notification e-mails", () => {
  it("[security-16] the subject is fixed and names the portal, never the subscriber's text", () => {
    const phishing = "Your account is locked - verify at http://evil.example/login";
    const mail = notificationMail({ ...event, name: phishing }, owner);
    expect(mail.subject).toBe("Developer Portal: your dump is ready");
    expect(notificationMail({ ...event, event: "feed.delivered", name: phishing, language: "zh" }, owner).subject).toBe(
      "开发者门户：您的数据推送有新数据",
    );
    expect(mail.text).toContain(`Dump name: "${phishing}"`);
    expect(mail.text).toContain("Records: 12");
    expect(mail.text).toContain("http://portal.test/api/files/f1");
  });

  it("[security-16] a name with CR/LF and control characters stays on one quoted line of the body", () => {
    const name = 'Q3\r\nBcc: victim@example.com\r\n\r\nYour password expired\u2028"click" \\ here\u202e\u0000';
    const mail = notificationMail({ ...event, name, error: "550 denied\r\nFake: header" }, owner);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const lines = mail.text.split("\n");
    const nameLine = lines.find((line) => line.startsWith("Dump name: "));
    expect(nameLine).toBe('Dump name: "Q3 Bcc: victim@example.com Your password expired \\"click\\" \\\\ here"');
    expect(lines.some((line) => line.startsWith("Bcc:") || line.startsWith("Your password"))).toBe(false);
    expect(lines).toContain('Reason: "550 denied Fake: header"');
    expect(mail.text).not.toMatch(/[\r\u2028\u202e]/);
    expect(mail.text.includes("\u0000")).toBe(false);
  });

  it("[security3-N12] to any address but the account's own: what happened and the portal's address, none of the subscriber's text", () => {
    const phishing = "Your account is locked - verify at http://evil.example/login";
    const other: MailReader = { kind: "other", portalUrl: "http://portal.test/" };
    const failed = { ...event, event: "feed.failed" as const, name: phishing, error: "FTP upload failed: 550 see http://evil.example/x" };
    const mail = notificationMail(failed, other);
    expect(mail.subject).toBe("Developer Portal: your feed could not run");
    expect(mail.text).toBe(
      [
        "A feed whose notification settings name this address could not run.",
        "",
        "Its owner finds the details on the Developer Portal: http://portal.test/",
        "",
        "This message was sent by the Developer Portal because this address is named in the notification settings of the dump or feed.",
      ].join("\n"),
    );
    const ready = notificationMail({ ...event, name: phishing, language: "zh" }, { kind: "other", portalUrl: "http://portal.test/zh" });
    expect(ready.text).toContain("通知设置中填写了此地址的一个数据转储已就绪。");
    expect(ready.text).toContain("http://portal.test/zh");
    for (const text of [mail.text, ready.text]) {
      expect(text).not.toContain("evil.example");
      expect(text).not.toContain("Your account");
      expect(text).not.toContain("/api/files/");
      expect(text).not.toContain("12");
    }
  });

  it("keeps plain text short and on one line", () => {
    expect(plainLine("a\tb\n\nc")).toBe("a b c");
    expect(plainLine("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
    expect(quotedLine('say "hi"')).toBe('"say \\"hi\\""');
  });

  it("gives a failure's stored reason in the mail's language", () => {
    const failed = {
      ...event,
      event: "feed.failed" as const,
      language: "zh" as const,
      error: "Upload failed: The FTP server refused the login",
    };
    expect(notificationMail(failed, owner).text).toContain('"上传失败：FTP 服务器拒绝了登录"');
    expect(notificationMail({ ...failed, language: "en" }, owner).text).toContain('"Upload failed: The FTP server refused the login"');
  });
});
