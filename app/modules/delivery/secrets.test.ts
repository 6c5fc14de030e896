import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretError } from "./secrets";

const key = "a-key-of-at-least-thirty-two-characters";

describe("secrets", () => {
  it("round-trips and never stores the plain text", () => {
    const stored = encryptSecret("ftp-pässword", key);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("ftp");
    expect(encryptSecret("ftp-pässword", key)).not.toBe(stored);
    expect(decryptSecret(stored, key)).toBe("ftp-pässword");
  });

  it("refuses a wrong key or a tampered value", () => {
    const stored = encryptSecret("secret", key);
    expect(() => decryptSecret(stored, `${key}-other`)).toThrow(SecretError);
    const tampered = `v1:${Buffer.from(Buffer.from(stored.slice(3), "base64").map((byte, index) => (index === 30 ? byte ^ 1 : byte))).toString("base64")}`;
    expect(() => decryptSecret(tampered, key)).toThrow(SecretError);
    expect(() => decryptSecret("plain", key)).toThrow(SecretError);
  });
});
