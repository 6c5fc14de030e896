import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/crypto.server";
import { testPasswordHash } from "./password-hash";

describe("a test account's password hash", () => {
  it("is verified by the server's own check, and only for its password", async () => {
    const stored = testPasswordHash("the right password");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("the right password", stored)).toBe(true);
    expect(await verifyPassword("the wrong password", stored)).toBe(false);
  });
});
