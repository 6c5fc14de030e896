import { describe, expect, it, vi } from "vitest";
import { startWebhookReceiver } from "../support/loopback-servers";

/** With DELIVERY_PRIVATE_HOSTS=deny (the production default) deliveries never reach private addresses. */
async function channels(policy: "allow" | "deny") {
  vi.resetModules();
  process.env.DELIVERY_PRIVATE_HOSTS = policy;
  try {
    return await import("~/modules/delivery/channels.server");
  } finally {
    delete process.env.DELIVERY_PRIVATE_HOSTS;
  }
}

describe("delivery hosts", () => {
  it("refuses webhooks and FTP uploads to loopback when private hosts are denied", async () => {
    const receiver = await startWebhookReceiver([204]);
    try {
      const denied = await channels("deny");
      await expect(denied.callWebhook(receiver.url, "POST", { event: "dump.completed" })).rejects.toThrow(/private address/);
      await expect(
        denied.uploadByFtp({ address: { host: "localhost", port: 21, secure: false }, directory: "/", username: "u", password: "p" }, "/dev/null", "x.json"),
      ).rejects.toThrow(/private address/);
      expect(receiver.received).toEqual([]);

      const allowed = await channels("allow");
      await allowed.callWebhook(receiver.url, "POST", { event: "dump.completed" });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
