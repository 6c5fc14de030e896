import { describe, expect, it } from "vitest";
import { isPrivateAddress, normaliseRemoteDirectory, parseFtpHost, splitAddresses, webhookRequest } from "./targets";

describe("delivery targets", () => {
  it("reads FTP hosts with or without scheme and port", () => {
    expect(parseFtpHost("ftp.example.com")).toEqual({ host: "ftp.example.com", port: 21, secure: false });
    expect(parseFtpHost("ftp://127.0.0.1:2121/")).toEqual({ host: "127.0.0.1", port: 2121, secure: false });
    expect(parseFtpHost("ftps://files.example.com", 990)).toEqual({ host: "files.example.com", port: 990, secure: true });
    expect(parseFtpHost("files.example.com", 2121)).toEqual({ host: "files.example.com", port: 2121, secure: false });
    expect(parseFtpHost("http://example.com")).toBeNull();
    expect(parseFtpHost("host:99999")).toBeNull();
    expect(parseFtpHost("bad host")).toBeNull();
  });

  it("keeps remote paths inside the account", () => {
    expect(normaliseRemoteDirectory("exports/daily/")).toBe("/exports/daily");
    expect(normaliseRemoteDirectory("")).toBe("/");
    expect(normaliseRemoteDirectory("/a/../../etc")).toBeNull();
  });

  it("splits comma-separated addresses", () => {
    expect(splitAddresses(" a@x.test, b@y.test ,,")).toEqual(["a@x.test", "b@y.test"]);
  });

  it("sends the event as JSON, or as query parameters for GET", () => {
    const event = { event: "dump.completed", id: "d1", file: null };
    const post = webhookRequest("https://hooks.test/in", "POST", event);
    expect(post.init).toMatchObject({ method: "POST", body: JSON.stringify(event) });
    const get = webhookRequest("https://hooks.test/in?a=1", "GET", event);
    expect(get.url).toBe("https://hooks.test/in?a=1&event=dump.completed&id=d1&file=");
    expect(get.init.body).toBeUndefined();
  });

  it("knows private and public addresses", () => {
    const privateOnes = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "[::1]", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"];
    const publicOnes = ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:1.1.1.1"];
    expect(privateOnes.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(publicOnes.filter(isPrivateAddress)).toEqual([]);
  });
});
