import { describe, expect, it } from "vitest";
import { hashPassword, sign, unsign, verifyPassword } from "./crypto.server";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("wrong", hash)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
  });

  it("refuses stored values of another scheme", async () => {
    expect(await verifyPassword("x", "plain$x")).toBe(false);
  });
});

describe("signed tokens", () => {
  it("round-trip and detect tampering", () => {
    const signed = sign("session-id");
    expect(unsign(signed)).toBe("session-id");
    expect(unsign(`${signed}x`)).toBeNull();
    expect(unsign("other-id" + signed.slice(signed.indexOf(".")))).toBeNull();
    expect(unsign("no-signature")).toBeNull();
  });
});
