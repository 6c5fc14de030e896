import { describe, expect, it } from "vitest";
import { outboxFilterSchema, outboxMessagePath, readOutboxSearch, showOutboxMessage, summarizeOutboxMessage } from "./outbox-lookup";

const row = {
  id: "0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33",
  created_at: "2026-01-01T00:00:00.000Z",
  recipient: "someone@example.com",
  reply_to: null,
  subject: "Reset your password",
  body: "Hello,\n<a href=x>link</a>",
  status: "failed",
  attempts: 1,
  last_error: "connect ECONNREFUSED",
  sent_at: null,
  security: 0,
};

describe("outboxFilterSchema", () => {
  it("reads 'all' and blanks as no filter and trims the recipient", () => {
    expect(outboxFilterSchema.parse({ status: "all", recipient: " " })).toEqual({});
    expect(outboxFilterSchema.parse({ status: "sent", recipient: " Demo.Test " })).toEqual({ status: "sent", recipient: "Demo.Test" });
  });

  it("refuses an unknown status and an overlong recipient", () => {
    const issues = (input: Record<string, string>) =>
      outboxFilterSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ status: "queued" })).toEqual([["status", "validation.invalidOption"]]);
    expect(issues({ recipient: "a".repeat(255) })).toEqual([["recipient", "validation.tooLong|max=254"]]);
  });
});

describe("readOutboxSearch", () => {
  it("lists without a lookup when no id is asked for", () => {
    expect(readOutboxSearch(new URLSearchParams("status=stored&recipient=demo"))).toEqual({
      values: { id: "", status: "stored", recipient: "demo" },
      id: null,
      idError: null,
      filter: { status: "stored", recipient: "demo" },
      filterErrors: {},
    });
    expect(readOutboxSearch(new URLSearchParams("")).values.status).toBe("all");
  });

  it("looks up a valid id and calls a blank or malformed one invalid", () => {
    expect(readOutboxSearch(new URLSearchParams(`id=${row.id}`))).toMatchObject({ id: row.id, idError: null });
    expect(readOutboxSearch(new URLSearchParams("id="))).toMatchObject({ id: null, idError: "admin.incidents.invalidId" });
    expect(readOutboxSearch(new URLSearchParams("id=1;drop"))).toMatchObject({ id: null, idError: "admin.incidents.invalidId" });
  });

  it("gives the filter errors by field", () => {
    expect(readOutboxSearch(new URLSearchParams("status=lost"))).toMatchObject({
      filter: null,
      filterErrors: { status: "validation.invalidOption" },
    });
  });
});

describe("outboxMessagePath", () => {
  it("puts the id in the address", () => {
    expect(outboxMessagePath(row.id)).toBe(`/dashboard/admin/outbox?id=${row.id}`);
  });
});

describe("showOutboxMessage", () => {
  it("names the headers and keeps the body as the text it is", () => {
    expect(showOutboxMessage(row, false)).toEqual({
      id: row.id,
      created: "2026-01-01T00:00:00.000Z",
      to: "someone@example.com",
      replyTo: null,
      subject: "Reset your password",
      status: "failed",
      attempts: 1,
      lastError: "connect ECONNREFUSED",
      sentAt: null,
      body: "Hello,\n<a href=x>link</a>",
    });
  });

  it("leaves the body out of the list", () => {
    const { body, ...summary } = showOutboxMessage(row, false);
    expect(body).toBe(row.body);
    expect(summarizeOutboxMessage(row)).toStrictEqual(summary);
  });

  it("[security3-N11] shows a security mail's link only where the outbox keeps links", () => {
    const link = "http://portal.example/zh/reset-password/MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY";
    const mail = { ...row, security: 1, body: `Open this link within one hour: ${link}\nThanks` };
    expect(showOutboxMessage(mail, false).body).toBe(
      "Open this link within one hour: http://portal.example/zh/reset-password/[redacted]\nThanks",
    );
    expect(showOutboxMessage(mail, true).body).toBe(mail.body);
    expect(showOutboxMessage({ ...mail, security: 0 }, false).body).toBe(mail.body);
  });
});
