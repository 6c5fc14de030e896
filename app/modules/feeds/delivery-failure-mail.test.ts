import { describe, expect, it } from "vitest";
import { deliveryFailureMail } from "./delivery-failure-mail";

describe("the owner's delivery failure e-mail", () => {
  const failure = {
    kind: "feed" as const,
    name: "GDP\nSubject: forged",
    reason: "The FTP server refused the login",
    link: "http://portal.test/dashboard/econ/feed-details/f1",
    language: "en" as const,
  };

  it("says what failed, why on a quoted line, that it is retried, and where to follow it", () => {
    const mail = deliveryFailureMail(failure);
    expect(mail.subject).toBe("Developer Portal: your feed could not be delivered");
    expect(mail.text).toContain('Feed name: "GDP Subject: forged"');
    expect(mail.text).toContain('Reason: "The FTP server refused the login"');
    expect(mail.text).toContain("retried after 1, 5 and 30 minutes, then after 2 and 6 hours");
    expect(mail.text).toContain("History and Retry delivery now: http://portal.test/dashboard/econ/feed-details/f1");
  });

  it("is written in the feed's or dump's language", () => {
    const mail = deliveryFailureMail({ ...failure, kind: "dump", language: "zh" });
    expect(mail.subject).toBe("开发者门户：您的转储未能送达");
    expect(mail.text).toContain('原因: "FTP 服务器拒绝了登录"');
  });
});
