import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, isBoundSecret, SecretError } from "./seal";

const key = "a-key-of-at-least-thirty-two-characters";
const binding = JSON.stringify(["api-key", "user-1"]);

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

  it("[security-17] unbound v1 values are not opened: they must be entered again", () => {
    expect(isBoundSecret("v1:SWOSSklOI9I44j1y")).toBe(false);
    expect(() => decryptSecret("v1:SWOSSklOI9I44j1y", key, binding)).toThrow(/entered again/);
  });
});
