import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { uploadByFtp, type FtpLogin } from "~/modules/delivery/channels.server";
import type { WebhookMessage } from "~/modules/delivery/webhook-message";
import { testWebhookPayload } from "~/modules/feeds/webhook-events";
import { openVettedFtp, requestVetted, type Resolver } from "~/modules/net/outbound.server";
import { startFtpServer, startPassiveBounceFtpServer, startWebhookReceiver } from "../support/loopback-servers";

/** A signed test event, as "Send test event" sends it; the receivers verify it with this secret. */
const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const message: WebhookMessage = { id: "msg_hosts", payload: testWebhookPayload(new Date().toISOString()) };

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

const notAllowed = /only public hosts may be reached/;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-hosts-"));
const localFile = path.join(folder, "feed.xml");
fs.writeFileSync(localFile, "<feed>bytes for the subscriber</feed>\n");
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A resolver that answers from a script, one answer per call, and notes each name it was asked. */
function scriptedResolver(answers: string[][]) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return (answers[Math.min(asked.length - 1, answers.length - 1)] ?? []).map((address) => ({ address }));
  };
  return { asked, resolve };
}

function ftpLogin(host: string, port: number, overrides: Partial<FtpLogin> = {}): FtpLogin {
  return { address: { host, port, secure: false }, directory: "/drop", username: "u", password: "p", ...overrides };
}

describe("delivery hosts", () => {
  it("refuses webhooks and FTP uploads to loopback when private hosts are denied", async () => {
    const receiver = await startWebhookReceiver([204], { secret });
    try {
      const denied = await channels("deny");
      await expect(denied.callWebhook(receiver.url, "POST", message, [secret])).rejects.toThrow(notAllowed);
      await expect(denied.uploadByFtp(ftpLogin("localhost", 21), "/dev/null", "x.json")).rejects.toThrow(notAllowed);
      expect(receiver.received).toEqual([]);

      const allowed = await channels("allow");
      await allowed.callWebhook(receiver.url, "POST", message, [secret]);
      expect(receiver.received).toMatchObject([{ webhookId: "msg_hosts", verification: "verified" }]);
    } finally {
      await receiver.close();
    }
  });

  it("[security-1] refuses a webhook to an IPv4-mapped IPv6 loopback literal in deny mode, and the receiver gets nothing", async () => {
    const receiver = await startWebhookReceiver([204]);
    try {
      const denied = await channels("deny");
      for (const host of [
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[::127.0.0.1]",
        "2130706433",
        "127.1",
        "[64:ff9b::7f00:1]",
        "[2002:7f00:1::1]",
      ]) {
        await expect(denied.callWebhook(`http://${host}:${receiver.port}/mapped`, "GET", message, [secret]), host).rejects.toThrow(
          notAllowed,
        );
      }
      await expect(denied.uploadByFtp(ftpLogin("[::ffff:7f00:1]", receiver.port), localFile, "x.xml")).rejects.toThrow(notAllowed);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("[security-3] refuses documentation and benchmarking addresses in deny mode without connecting", async () => {
    const denied = await channels("deny");
    for (const url of [
      "http://192.0.2.2:18081/",
      "http://198.51.100.7/",
      "http://203.0.113.9/",
      "http://198.18.0.1/",
      "http://[2001:db8::1]/",
      "http://[fe80::1]/",
    ]) {
      await expect(denied.callWebhook(url, "POST", message, [secret]), url).rejects.toThrow(notAllowed);
    }
    await expect(denied.uploadByFtp(ftpLogin("192.0.2.2", 2121), localFile, "x.xml")).rejects.toThrow(notAllowed);
  });

  it("[security-3] refuses a name when any of its addresses is private, whatever the others", async () => {
    const { asked, resolve } = scriptedResolver([["93.184.215.14", "127.0.0.1"]]);
    const request = { method: "GET", timeoutMs: 2_000, maxRedirects: 0, maxBodyBytes: 0 };
    await expect(requestVetted("http://mixed.example.test/", request, { allowPrivate: false, resolve })).rejects.toThrow(notAllowed);
    expect(asked).toEqual(["mixed.example.test"]);
  });

  it("[security-3] resolves a webhook host once and connects to that address, so a second answer cannot rebind it", async () => {
    const receiver = await startWebhookReceiver([204]);
    const decoy = await startWebhookReceiver([204], { host: "127.0.0.2", port: receiver.port });
    try {
      // A rebinding name: the first answer is vetted, any later one would lead to the decoy.
      const { asked, resolve } = scriptedResolver([["127.0.0.1"], ["127.0.0.2"]]);
      const url = `http://hooks.rebind.test:${receiver.port}/in`;
      const response = await requestVetted(
        url,
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 5_000, maxRedirects: 0, maxBodyBytes: 0 },
        { allowPrivate: true, resolve },
      );
      expect(response.status).toBe(204);
      expect(asked).toEqual(["hooks.rebind.test"]);
      expect(receiver.received).toMatchObject([{ method: "POST", url: "/in", host: `hooks.rebind.test:${receiver.port}`, body: "{}" }]);
      expect(decoy.received).toEqual([]);
    } finally {
      await Promise.all([receiver.close(), decoy.close()]);
    }
  });

  it("[security-3] vets every redirect hop of a source again, and does not follow redirects of webhooks", async () => {
    const target = await startWebhookReceiver([200]);
    const redirect = await startWebhookReceiver([302], { headers: { location: `http://second.source.test:${target.port}/spec.json` } });
    try {
      const { asked, resolve } = scriptedResolver([["127.0.0.1"]]);
      const source = `http://first.source.test:${redirect.port}/spec.json`;
      const response = await requestVetted(
        source,
        { method: "GET", timeoutMs: 5_000, maxRedirects: 3, maxBodyBytes: 1_000 },
        { allowPrivate: true, resolve },
      );
      expect(JSON.parse(response.body.toString("utf8"))).toEqual({ received: 1 });
      expect(asked).toEqual(["first.source.test", "second.source.test"]);

      const allowed = await channels("allow");
      await expect(allowed.callWebhook(redirect.url, "POST", message, [secret])).rejects.toThrow(/answered HTTP 302/);
      expect(target.received).toHaveLength(1);
    } finally {
      await Promise.all([target.close(), redirect.close()]);
    }
  });

  it("[security-2] sends the FTP data connection to the control connection's address when PASV names another host", async () => {
    const server = await startPassiveBounceFtpServer("127.0.0.2");
    try {
      await uploadByFtp(ftpLogin("127.0.0.1", server.port), localFile, "feed.xml");
      expect(server.uploads).toEqual([{ name: "feed.xml", via: "control address", content: fs.readFileSync(localFile, "utf8") }]);
      expect(server.commands).toContain("PASV");
    } finally {
      await server.close();
    }
  });

  it("[security-3] connects the FTP control connection to the address vetted once", async () => {
    const server = await startPassiveBounceFtpServer("127.0.0.2");
    try {
      const { asked, resolve } = scriptedResolver([["127.0.0.1"], ["127.0.0.2"]]);
      const client = await openVettedFtp(
        { host: "ftp.rebind.test", port: server.port, secure: false, user: "u", password: "p" },
        { allowPrivate: true, resolve },
      );
      client.close();
      expect(asked).toEqual(["ftp.rebind.test"]);
      expect(server.commands).toEqual(expect.arrayContaining(["USER u", "PASS p"]));
    } finally {
      await server.close();
    }
  });

  it("[security-2] refuses CR, LF and other control characters in FTP user names, passwords, directories and file names before connecting", async () => {
    const server = await startPassiveBounceFtpServer("127.0.0.2");
    try {
      const cases: [Partial<FtpLogin>, string][] = [
        [{ username: "u\r\nDELE /important" }, "feed.xml"],
        [{ password: "p\nSITE CHMOD 777 /" }, "feed.xml"],
        [{ directory: "/drop\r\nRMD /drop" }, "feed.xml"],
        [{}, "feed.xml\r\nDELE feed.xml"],
        [{ username: "u\u0000" }, "feed.xml"],
      ];
      for (const [overrides, name] of cases) {
        await expect(uploadByFtp(ftpLogin("127.0.0.1", server.port, overrides), localFile, name)).rejects.toThrow(
          /contains a line break or another control character/,
        );
      }
      expect(server.commands).toEqual([]);
      expect(server.uploads).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("calls a webhook on a bracketed IPv6 literal, with the literal as its Host header", async () => {
    const receiver = await startWebhookReceiver([204], { host: "::1", secret });
    try {
      const allowed = await channels("allow");
      await allowed.callWebhook(receiver.url, "GET", message, [secret]);
      expect(receiver.received).toMatchObject([{ method: "GET", host: `[::1]:${receiver.port}`, body: "", verification: "verified" }]);
      expect(receiver.received[0]!.url).toMatch(/^\/hooks\/portal\?type=test&/);
    } finally {
      await receiver.close();
    }
  });

  it("[security-22] uploads to an IPv6 FTP host given in brackets", async () => {
    const ftp = await startFtpServer({ username: "six", password: "over ipv6" }, "::1");
    try {
      await uploadByFtp(ftpLogin("[::1]", ftp.port, { username: "six", password: "over ipv6", directory: "/v6" }), localFile, "feed.xml");
      expect(fs.readFileSync(path.join(ftp.root, "v6", "feed.xml"), "utf8")).toBe(fs.readFileSync(localFile, "utf8"));
    } finally {
      await ftp.close();
    }
  });
});
