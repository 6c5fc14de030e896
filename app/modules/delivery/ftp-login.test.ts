import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretError } from "~/modules/secrets/seal";
import { ftpSecretBinding, sameFtpLogin } from "./ftp-login";

const key = "a-key-of-at-least-thirty-two-characters";
const binding = ftpSecretBinding("user-1", { host: "ftp://ftp.example.com:2121", username: "feeds" });

describe("FTP logins", () => {
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

  it("[security-17] the same server and login, written differently, keep the password; another does not", () => {
    expect(sameFtpLogin({ host: "ftp://Ftp.Example.com", username: "u" }, { host: "ftp.example.com:21", username: "u" })).toBe(true);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "ftp.example.com:2121", username: "u" })).toBe(false);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "ftp.example.com", username: "v" })).toBe(false);
    expect(sameFtpLogin({ host: "ftp.example.com", username: "u" }, { host: "192.0.2.2", username: "u" })).toBe(false);
  });
});
