import { describe, expect, it } from "vitest";
import en from "~/locales/en";
import zh from "~/locales/zh";
import { adminActionKinds, readAdminActionDetails } from "./audit";

describe("the audit trail's actions", () => {
  it("[security3-N11] have a label in English and Chinese, the admin reads among them", () => {
    expect(adminActionKinds).toEqual(expect.arrayContaining(["outbox-read", "token-decode", "file-download"]));
    for (const kind of adminActionKinds) {
      expect(en.admin.audit.actions[kind], kind).toBeTruthy();
      expect(zh.admin.audit.actions[kind], kind).toBeTruthy();
    }
    for (const outcome of ["found", "unknown", "malformed"] as const) {
      expect([en.admin.audit.detailValues.outcome[outcome], zh.admin.audit.detailValues.outcome[outcome]].every(Boolean)).toBe(true);
    }
  });
});

describe("readAdminActionDetails", () => {
  it("reads the stored JSON object, and anything else as no details", () => {
    expect(readAdminActionDetails('{"recipient":"a@example.com","found":true}')).toEqual({ recipient: "a@example.com", found: true });
    expect(readAdminActionDetails("[1]")).toEqual({});
    expect(readAdminActionDetails("not json")).toEqual({});
  });
});
