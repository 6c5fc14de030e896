import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "~/modules/secrets/redact";
import { adminApiKeySchema, isAdminApiKeyShape, scopeAllows, scopeOfMethod } from "./admin-api-keys";
import { hashAdminApiKey, mintAdminApiKey } from "./key-material.server";

describe("admin API keys", () => {
  it("are adk_ and 32 random bytes in base64url, a new one each time", () => {
    const { key } = mintAdminApiKey();
    expect(key).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
    expect(isAdminApiKeyShape(key)).toBe(true);
    expect(mintAdminApiKey().key).not.toBe(key);
    for (const other of ["adk_short", `econ_${key.slice(4)}`, `${key}x`, `adk_${"!".repeat(43)}`])
      expect(isAdminApiKeyShape(other), other).toBe(false);
  });

  it("are stored as their SHA-256 and named by a hint, never the key", () => {
    const { key, keyHash, hint } = mintAdminApiKey();
    expect(keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashAdminApiKey(key)).toBe(keyHash);
    expect(keyHash).not.toContain(key.slice(4));
    expect(hint).toBe(`${key.slice(0, 9)}…${key.slice(-4)}`);
  });

  it("are redacted from logs and incidents wherever they appear, while a hint stays readable", () => {
    const { key, hint } = mintAdminApiKey();
    expect(redactSecrets(`Authorization: Bearer ${key}`)).toBe("Authorization: Bearer adk_[redacted]");
    expect(redactSecrets(`/api/admin/users?token=${key}&page=2`)).toBe("/api/admin/users?token=[redacted]&page=2");
    expect(redactSecrets(`Error: no user for ${key} at x`)).toBe("Error: no user for adk_[redacted] at x");
    expect(redactSecrets(`Key ${hint} revoked`)).toBe(`Key ${hint} revoked`);
  });

  it("scopes: a write key may read and write, a read key only read", () => {
    expect(["GET", "HEAD"].map(scopeOfMethod)).toEqual(["read", "read"]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(scopeOfMethod)).toEqual(["write", "write", "write", "write"]);
    expect(scopeAllows("write", "write")).toBe(true);
    expect(scopeAllows("write", "read")).toBe(true);
    expect(scopeAllows("read", "read")).toBe(true);
    expect(scopeAllows("read", "write")).toBe(false);
  });

  it("are created with a name and a scope, the form's and the API's schema alike", () => {
    expect(adminApiKeySchema.parse({ name: "  CRM production ", scope: "write" })).toEqual({ name: "CRM production", scope: "write" });
    const missing = adminApiKeySchema.safeParse({ name: " ", scope: "admin" });
    expect(missing.success).toBe(false);
    expect(missing.error?.flatten().fieldErrors).toEqual({ name: ["validation.required"], scope: ["validation.invalidOption"] });
  });
});
