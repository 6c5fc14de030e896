import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });

  it("requires a session secret in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
  });

  it("seeds demo data outside production unless told otherwise", () => {
    expect(parseEnv({}).DEMO_DATA).toBe(true);
    expect(parseEnv({ DEMO_DATA: "false" }).DEMO_DATA).toBe(false);
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(parseEnv(production).DEMO_DATA).toBe(false);
    expect(parseEnv({ ...production, DEMO_DATA: "1" }).DEMO_DATA).toBe(true);
  });

  it("reads the documentation spec sources as a JSON map", () => {
    expect(parseEnv({}).DOCS_SPEC_SOURCES).toEqual({});
    expect(parseEnv({ DOCS_SPEC_SOURCES: '{"sandbox":"https://specs.example.com/sandbox.json"}' }).DOCS_SPEC_SOURCES).toEqual({
      sandbox: "https://specs.example.com/sandbox.json",
    });
    expect(() => parseEnv({ DOCS_SPEC_SOURCES: "{oops" })).toThrow(/DOCS_SPEC_SOURCES: must be a JSON object/);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
});
