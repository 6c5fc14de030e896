import { describe, expect, it } from "vitest";
import { normaliseRemoteDirectory, parseFtpHost, splitAddresses } from "./targets";

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

  it("reads bracketed IPv6 FTP hosts, brackets kept until the connection", () => {
    expect(parseFtpHost("ftp://[::1]:2121")).toEqual({ host: "[::1]", port: 2121, secure: false });
    expect(parseFtpHost("ftps://[2001:db8::1]")).toEqual({ host: "[2001:db8::1]", port: 21, secure: true });
  });

  it("keeps remote paths inside the account", () => {
    expect(normaliseRemoteDirectory("exports/daily/")).toBe("/exports/daily");
    expect(normaliseRemoteDirectory("")).toBe("/");
    expect(normaliseRemoteDirectory("/a/../../etc")).toBeNull();
  });

  it("[security-2] refuses remote directories with CR, LF or other control characters", () => {
    for (const value of ["/drop\r\nDELE /x", "/drop\n", "/a\u0000b", "/tab\there", "/c1\u0085"])
      expect(normaliseRemoteDirectory(value)).toBeNull();
  });

  it("splits comma-separated addresses", () => {
    expect(splitAddresses(" a@x.test, b@y.test ,,")).toEqual(["a@x.test", "b@y.test"]);
  });
});
