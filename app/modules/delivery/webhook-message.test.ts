import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookMessageId, webhookRequest, type WebhookMessage } from "./webhook-message";

const current = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
const previous = `whsec_${Buffer.alloc(32, 2).toString("base64")}`;
const other = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;

const message: WebhookMessage = {
  id: webhookMessageId("d-1"),
  payload: {
    type: "dump.completed",
    timestamp: "2026-11-27T03:00:00.000Z",
    data: {
      feedId: null,
      dumpId: "dump-1",
      runId: null,
      name: "All of DB01",
      fileId: "file-1",
      fileName: "dump.json",
      downloadUrl: "https://portal.test/api/files/file-1",
      records: 12,
      newCount: null,
      changedCount: null,
      error: null,
    },
  },
};

describe("signed webhooks", () => {
  it("derives the message id from the delivery, so a retry carries the same one", () => {
    expect(webhookMessageId("d-1")).toBe("msg_d-1");
  });

  it("signs the JSON body so that the reference implementation verifies it with either secret, and no other", () => {
    const request = webhookRequest("https://hooks.test/in", "POST", message, [current, previous], new Date());
    expect(request.headers).toMatchObject({ "Content-Type": "application/json", "webhook-id": "msg_d-1" });
    expect(request.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current).verify(request.body!, request.headers)).toEqual(message.payload);
    expect(new Webhook(previous).verify(request.body!, request.headers)).toEqual(message.payload);
    expect(() => new Webhook(other).verify(request.body!, request.headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(current).verify(request.body!.replace("12", "13"), request.headers)).toThrow(/No matching signature/);
  });

  it("puts the time of sending in webhook-timestamp, in Unix seconds", () => {
    const sentAt = new Date("2026-01-02T03:04:05.678Z");
    const request = webhookRequest("https://hooks.test/in", "PUT", message, [current], sentAt);
    expect(request.headers["webhook-timestamp"]).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(() => new Webhook(current).verify(request.body!, request.headers)).toThrow(/too old/);
  });

  it("sends GET without a body, signed over the empty payload, with the fields as query parameters", () => {
    const request = webhookRequest("https://hooks.test/in?a=1", "GET", message, [current], new Date());
    expect(request.body).toBeUndefined();
    expect(new Webhook(current).verify("", request.headers)).toBeUndefined();
    const url = new URL(request.url);
    expect(url.searchParams.get("a")).toBe("1");
    expect(url.searchParams.get("type")).toBe("dump.completed");
    expect(url.searchParams.get("dumpId")).toBe("dump-1");
    expect(url.searchParams.get("feedId")).toBe("");
    expect(url.searchParams.get("records")).toBe("12");
  });
});
