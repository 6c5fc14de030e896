import { describe, expect, it } from "vitest";
import { demoDataRule, isLocalUrl, parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.TRUST_PROXY).toBe(0);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });

  it("keeps the limits in the database unless REDIS_URL names a Redis or Valkey server", () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    for (const url of ["redis://127.0.0.1:6379", "rediss://:secret@cache.example.com:6380/2"]) {
      expect(parseEnv({ REDIS_URL: url }).REDIS_URL).toBe(url);
    }
    for (const url of ["http://127.0.0.1:6379", "127.0.0.1:6379", "redis://", "valkey://127.0.0.1"])
      expect(() => parseEnv({ REDIS_URL: url })).toThrow(/REDIS_URL: must be a redis/);
  });

  it("sizes the page cache from PAGE_CACHE_MB: 64 unless set, 0 to turn it off, never negative or above 4096", () => {
    expect(parseEnv({}).PAGE_CACHE_MB).toBe(64);
    expect(parseEnv({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    expect(parseEnv({ PAGE_CACHE_MB: "0.5" }).PAGE_CACHE_MB).toBe(0.5);
    for (const value of ["-1", "4097", "lots"]) expect(() => parseEnv({ PAGE_CACHE_MB: value })).toThrow(/PAGE_CACHE_MB/);
  });

  it("requires a session secret in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), ENCRYPTION_KEY: "k".repeat(32) };
    expect(parseEnv(production).SESSION_SECRET).toBe("x".repeat(32));
  });

  it("[security-22] refuses production without an ENCRYPTION_KEY distinct from SESSION_SECRET", () => {
    const secret = "x".repeat(32);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret })).toThrow(
      /ENCRYPTION_KEY: is required in production and must differ from SESSION_SECRET/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, ENCRYPTION_KEY: secret })).toThrow(/ENCRYPTION_KEY/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, ENCRYPTION_KEY: "k".repeat(32) }).ENCRYPTION_KEY).toBe(
      "k".repeat(32),
    );
    expect(parseEnv({ NODE_ENV: "test" }).ENCRYPTION_KEY).toBeUndefined();
  });

  it("[security-18] ends idle sessions after SESSION_IDLE_HOURS, 12 unless set", () => {
    expect(parseEnv({}).SESSION_IDLE_HOURS).toBe(12);
    expect(parseEnv({ SESSION_IDLE_HOURS: "0.5" }).SESSION_IDLE_HOURS).toBe(0.5);
    expect(() => parseEnv({ SESSION_IDLE_HOURS: "0" })).toThrow(/SESSION_IDLE_HOURS/);
  });

  it("[security-12] seeds demo accounts only on a local address or when DEMO_DATA=true says so", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), ENCRYPTION_KEY: "k".repeat(32) };
    const rule = (source: Record<string, string>) => demoDataRule(parseEnv({ ...production, ...source }));
    expect(rule({})).toEqual({ seed: true, warning: null });
    expect(rule({ PUBLIC_URL: "http://127.0.0.1:3000" }).seed).toBe(true);
    expect(rule({ PUBLIC_URL: "http://[::1]:3000" }).seed).toBe(true);
    expect(rule({ PUBLIC_URL: "http://localhost:3000", DEMO_DATA: "false" })).toEqual({ seed: false, warning: null });
    const publicSite = rule({ PUBLIC_URL: "https://portal.example.com" });
    expect(publicSite.seed).toBe(false);
    expect(publicSite.warning).toMatch(/not seeded.*https:\/\/portal\.example\.com.*DEMO_DATA=true/);
    const explicit = rule({ PUBLIC_URL: "https://portal.example.com", DEMO_DATA: "true" });
    expect(explicit.seed).toBe(true);
    expect(explicit.warning).toMatch(/published password/);
  });

  it("[security-12] counts only localhost, 127.x and ::1 as local", () => {
    expect(["http://localhost", "http://127.8.9.10:1", "http://[::1]/"].every(isLocalUrl)).toBe(true);
    expect(["http://localhost.example.com", "http://127.0.0.1.nip.io", "http://10.0.0.1", "http://[::2]"].some(isLocalUrl)).toBe(false);
  });

  it("reads the documentation spec sources as a JSON map", () => {
    expect(parseEnv({}).DOCS_SPEC_SOURCES).toEqual({});
    expect(parseEnv({ DOCS_SPEC_SOURCES: '{"sandbox":"https://specs.example.com/sandbox.json"}' }).DOCS_SPEC_SOURCES).toEqual({
      sandbox: "https://specs.example.com/sandbox.json",
    });
    expect(() => parseEnv({ DOCS_SPEC_SOURCES: "{oops" })).toThrow(/DOCS_SPEC_SOURCES: must be a JSON object/);
  });

  it("leaves the captcha's cost to captcha.server.ts unless CAPTCHA_MAX_NUMBER sets one in range", () => {
    expect(parseEnv({}).CAPTCHA_MAX_NUMBER).toBeUndefined();
    expect(parseEnv({ CAPTCHA_MAX_NUMBER: "1000" }).CAPTCHA_MAX_NUMBER).toBe(1000);
    expect(() => parseEnv({ CAPTCHA_MAX_NUMBER: "999" })).toThrow(/CAPTCHA_MAX_NUMBER/);
    expect(() => parseEnv({ CAPTCHA_MAX_NUMBER: "20000000" })).toThrow(/CAPTCHA_MAX_NUMBER/);
    expect(() => parseEnv({ CAPTCHA_MAX_NUMBER: "1e3.5" })).toThrow(/CAPTCHA_MAX_NUMBER/);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
});
