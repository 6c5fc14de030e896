import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { failureReasonTemplates, type FailureReason } from "~/locales/failure-reasons";
import { i18nConfig } from "~/modules/i18n/i18n";
import { FTPError } from "basic-ftp";
import { localizedReason, readReason, reasonText } from "./failure-reasons";
import { HostKeyChangedError, LoginRefusedError, subscriberReason, UnexpectedStatusError } from "./outbound-errors";

const i18n = i18next.createInstance();
await i18n.init({ ...i18nConfig, lng: "en", initImmediate: false });
const zh = i18n.getFixedT("zh");
const en = i18n.getFixedT("en");

const reasons = Object.keys(failureReasonTemplates) as FailureReason[];

/** A value for each of the template's {{names}}: a service's name, else one with the characters a pattern could trip on. */
function sampleValues(reason: FailureReason): Record<string, string> {
  const names = [...failureReasonTemplates[reason].matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, name === "service" ? "The SFTP server" : `${name} (a.b*c) $1 {{x}}: 中文`]));
}

describe("failure reasons", () => {
  it("read every stored reason back into its template and values", () => {
    for (const reason of reasons) {
      const values = sampleValues(reason);
      expect(readReason(reasonText(reason, values)), reason).toEqual({ reason, values });
    }
    expect(readReason("Something else went wrong")).toBeNull();
    expect(readReason("")).toBeNull();
  });

  it("show in Chinese, every template of them, and in English as stored", () => {
    for (const reason of reasons) {
      const stored = reasonText(reason, sampleValues(reason));
      expect(localizedReason(stored, en), reason).toBe(stored);
      const chinese = localizedReason(stored, zh);
      expect(chinese, reason).not.toBe(stored);
      expect(chinese, reason).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("translate the service, the setting and a reason inside a reason, and keep the subscriber's own values", () => {
    expect(localizedReason(subscriberReason("webhook", new UnexpectedStatusError(503, "https://example.com/hook")), zh)).toBe(
      "Webhook返回了 HTTP 503",
    );
    const refused = subscriberReason("ftp", new LoginRefusedError("bob", new Error("530")));
    expect(localizedReason(reasonText("deliveryFailed", { reason: refused }), zh)).toBe("交付失败：FTP 服务器拒绝了用户 bob 的登录");
    expect(
      localizedReason(reasonText("uploadFailed", { reason: subscriberReason("sftp", new FTPError({ code: 550 } as never)) }), zh),
    ).toBe("上传失败：SFTP 服务器拒绝了传输（回复 550）");
    expect(localizedReason(reasonText("controlCharacter", { setting: "FTP password" }), zh)).toBe("FTP 密码中含有换行符或其他控制字符");
    // A header is named by itself: the sentence is translated around it.
    expect(localizedReason(reasonText("controlCharacter", { setting: "X-Token header" }), zh)).toBe(
      "X-Token header中含有换行符或其他控制字符",
    );
    const key = subscriberReason("sftp", new HostKeyChangedError("SHA256:old", "SHA256:new"));
    expect(localizedReason(key, zh)).toContain("首次交付时为 SHA256:old，现在为 SHA256:new");
    // A user name that looks like a nested translation stays as the subscriber typed it.
    const odd = subscriberReason("ftp", new LoginRefusedError("{{service}} $t(meta.siteName)", new Error("530")));
    expect(localizedReason(odd, zh)).toBe("FTP 服务器拒绝了用户 {{service}} $t(meta.siteName) 的登录");
  });

  it("show a text no template makes as it is stored", () => {
    expect(localizedReason("The dump generator ran out of memory", zh)).toBe("The dump generator ran out of memory");
    expect(localizedReason(reasonText("deliveryFailed", { reason: "a remote server's own words" }), zh)).toBe(
      "交付失败：a remote server's own words",
    );
  });
});
