import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, ftpSecretBinding, isBoundSecret, sameFtpLogin, SecretError } from "./secrets";

const key = "a-key-of-at-least-thirty-two-characters";
const binding = ftpSecretBinding("user-1", { host: "ftp://ftp.example.com:2121", username: "feeds" });

describe("secrets", () => {
  it("round-trips and never stores the plain text", () => {
    const stored = encryptSecret("ftp-pässword", key, binding);
    expect(stored).toMatch(/^v2:/);
    expect(stored).not.toContain("ftp");
    expect(encryptSecret("ftp-pässword", key, binding)).not.toBe(stored);
    expect(decryptSecret(stored, key, binding)).toBe("ftp-pässword");
  });

  it("refuses a wrong key or a tampered value", () => {
    const stored = encryptSecret("secret", key, binding);
    expect(() => decryptSecret(stored, `${key}-other`, binding)).toThrow(SecretError);
    const tampered = `v2:${Buffer.from(Buffer.from(stored.slice(3), "base64").map((byte, index) => (index === 30 ? byte ^ 1 : byte))).toString("base64")}`;
    expect(() => decryptSecret(tampered, key, binding)).toThrow(SecretError);
    expect(() => decryptSecret("plain", key, binding)).toThrow(SecretError);
  });

  it("[security-17] a sealed FTP password opens only for its user, host, port and login", () => {
    const stored = encryptSecret("OwnerSecret-123", key, binding);
    expect(decryptSecret(stored, key, ftpSecretBinding("user-1", { host: "FTP.example.com", port: 2121, username: "feeds" }))).toBe(
      "OwnerSecret-123",
    );
    for (const other of [
      ftpSecretBinding("user-2", { host: "ftp://ftp.example.com:2121", username: "feeds" }),
      ftpSecretBinding("user-1", { host: "ftp://192.0.2.2:2121", username: "feeds" }),
      ftpSecretBinding("user-1", { host: "ftp://ftp.example.com:21", username: "feeds" }),
      ftpSecretBinding("user-1", { host: "ftp://ftp.example.com:2121", username: "owner" }),
    ]) {
      expect(() => decryptSecret(stored, key, other)).toThrow(SecretError);
    }
  });

  it("[security-17] unbound v1 values are not opened: they must be entered again", () => {
    expect(isBoundSecret("v1:SWOSSklOI9I44j1y")).toBe(false);
    expect(() => decryptSecret("v1:SWOSSklOI9I44j1y", key, binding)).toThrow(/entered again/);
  });

  it("[security-17] the same server and login, written differently, keep the password; another does not", () => {
    expect(sameFtpLogin({ host: "ftp://Ftp.Example.com", username: "u" }, { host: "ftp.example.com:21", username: "u" })).toBe(true);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "ftp.example.com:2121", username: "u" })).toBe(false);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "ftp.example.com", username: "v" })).toBe(false);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "192.0.2.2", username: "u" })).toBe(false);
  });
});
