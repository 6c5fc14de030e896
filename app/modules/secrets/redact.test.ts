import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { API_KEY_RANDOM_BYTES, SESSION_ID_BYTES, classifyToken, tokenHint } from "~/modules/auth/token-shapes";
import { TRIAL_KEY_PREFIX } from "~/modules/sandbox/trial-key-shape";
import { SECRET_PARAMETERS, redactSecrets } from "./redact";

const random = (bytes: number) => randomBytes(bytes).toString("base64url");
const apiKey = `econ_${random(API_KEY_RANDOM_BYTES)}`;
const trialKey = `${TRIAL_KEY_PREFIX}${random(24)}`;
const fundFlowsSession = `ffs_${random(32)}`;
const webSession = `${random(SESSION_ID_BYTES)}.${random(32)}`;

describe("redactSecrets in query strings", () => {
  it("[security3-N3] hides the key of a data-API call, whatever the name's case or encoding", () => {
    expect(redactSecrets(`/data-api/macroeconomic/series/search?keyword=gdp&limit=2&token=${apiKey}`)).toBe(
      "/data-api/macroeconomic/series/search?keyword=gdp&limit=2&token=[redacted]",
    );
    for (const name of [
      "TOKEN",
      "Token",
      "apiKey",
      "APIKEY",
      "api_key",
      "Api-Key",
      "key",
      "KEY",
      "password",
      "Authorization",
      "%74oken",
      "%54OKEN",
    ]) {
      expect(redactSecrets(`/x?a=1&${name}=secret-value&b=2`), name).toBe(`/x?a=1&${name}=[redacted]&b=2`);
    }
    expect(redactSecrets("?token=one&token=two#token=three")).toBe("?token=[redacted]&token=[redacted]#token=[redacted]");
    expect(redactSecrets("?api+key=x&%E0%A4%A=y&token+=z")).toBe("?api+key=x&%E0%A4%A=y&token+=[redacted]");
  });

  it("[security3-N3] takes a query alone, a whole address, a nested address and a message alike", () => {
    expect(redactSecrets("?redirectTo=/x&token=SECRET-IN-QUERY&password=qs")).toBe("?redirectTo=/x&token=[redacted]&password=[redacted]");
    expect(redactSecrets("http://127.0.0.1:3000/api/auth/user?Token=abc HTTP/1.1")).toBe(
      "http://127.0.0.1:3000/api/auth/user?Token=[redacted] HTTP/1.1",
    );
    expect(redactSecrets("?redirectTo=/data-api/x?token=abc;key=def&b=1")).toBe("?redirectTo=/data-api/x?token=[redacted]&b=1");
    expect(redactSecrets("TypeError: Invalid URL\n  input: 'http://a:1http://a:1/p?apiKey=abc'")).toBe(
      "TypeError: Invalid URL\n  input: 'http://a:1http://a:1/p?apiKey=[redacted]'",
    );
    expect(redactSecrets('{"url":"/p?password=hunter2","token":1}')).toBe('{"url":"/p?password=[redacted]","token":1}');
    expect(redactSecrets("/p/token=abc")).toBe("/p/token=[redacted]");
  });

  it("leaves everything else as it was", () => {
    for (const text of [
      "/data-api/macroeconomic/series/search?keyword=gdp&key_only=true&limit=2",
      "/docs/econ/macroeconomic?lang=zh",
      "?token=&key=",
      "/api/admin/token-decoder",
      "Error: boom\n    at loader (file:///app/build/server/index.js:1:2)",
      `Token ${tokenHint(apiKey)} of the owner`,
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});

describe("redactSecrets in paths", () => {
  it("[security-7] never writes a reset or sandbox access token", () => {
    expect(redactSecrets("/reset-password/MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY")).toBe("/reset-password/[redacted]");
    expect(redactSecrets("/zh/reset-password/abc?x=1")).toBe("/zh/reset-password/[redacted]?x=1");
    expect(redactSecrets("/reset-password")).toBe("/reset-password");
    expect(redactSecrets("/zh/invitation/MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY")).toBe("/zh/invitation/[redacted]");
    expect(redactSecrets("/zh/api-products/econ/sandbox/AbC_d-1?x=1")).toBe("/zh/api-products/econ/sandbox/[redacted]?x=1");
    expect(redactSecrets("/api-products/econ/sandbox")).toBe("/api-products/econ/sandbox");
  });

  it("[security3-N16] in any case, encoded or with backslashes, under /zh, and inside a mailed link", () => {
    expect(redactSecrets("/RESET-PASSWORD/abc")).toBe("/RESET-PASSWORD/[redacted]");
    expect(redactSecrets("/ZH/Reset-Password/abc?x=1")).toBe("/ZH/Reset-Password/[redacted]?x=1");
    expect(redactSecrets("/API-Products/ECON/Sandbox/abc")).toBe("/API-Products/ECON/Sandbox/[redacted]");
    expect(redactSecrets("/zh/api-products//econ/sandbox/abc/more")).toBe("/zh/api-products//econ/sandbox/[redacted]");
    expect(redactSecrets("/r%65set%2Dpassword/abc")).toBe("/r%65set%2Dpassword/[redacted]");
    expect(redactSecrets("/reset-password%2Fabc")).toBe("/reset-password%2F[redacted]");
    expect(redactSecrets("/reset-password\\abc")).toBe("/reset-password\\[redacted]");
    expect(redactSecrets("Open it: https://portal.example/zh/api-products/econ/sandbox/tok-en_1\nThanks")).toBe(
      "Open it: https://portal.example/zh/api-products/econ/sandbox/[redacted]\nThanks",
    );
    expect(redactSecrets("/login?redirectTo=%2Freset-password%2Fabc&x=1")).toBe("/login?redirectTo=%2Freset-password%2F[redacted]&x=1");
  });
});

describe("redactSecrets by shape", () => {
  it("[security3-N3] hides our keys and tokens wherever they appear, and keeps their hints", () => {
    expect(classifyToken(apiKey)).toEqual({ kind: "api-key", platform: "econ" });
    expect(classifyToken(webSession)).toEqual({ kind: "session" });
    for (const secret of [apiKey, `corp_${random(24)}`, `intel_${random(24)}`, trialKey, fundFlowsSession, webSession]) {
      const redacted = redactSecrets(`SyntaxError: "${secret}" is not valid; q=${secret}`);
      expect(redacted).not.toContain(secret.slice(5, -5));
      expect(redacted).toContain("[redacted]");
    }
    expect(redactSecrets(`/x?redirectTo=%2Fp%3Ftoken%3D${apiKey}`)).toBe("/x?redirectTo=%2Fp%3Ftoken%3Decon_[redacted]");
  });

  it("[security3-N3] takes time in proportion to the text, however a client shapes its request line", () => {
    const hostile = [
      "/".repeat(16_000),
      `/reset-password${"/".repeat(16_000)}`,
      `/api-products${"%2F".repeat(5_000)}`,
      "%2f".repeat(5_000),
      "a=".repeat(8_000),
      `?x=${"token=".repeat(2_500)}`,
      "&a".repeat(8_000),
      "econ_".repeat(3_000),
      "A".repeat(20_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      redactSecrets(text);
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(200);
    }
  });

  it("changes nothing more when applied twice", () => {
    const once = redactSecrets(`/RESET-PASSWORD/a?TOKEN=${apiKey}&x=${trialKey} ${webSession}`);
    expect(redactSecrets(once)).toBe(once);
  });
});

describe("SECRET_PARAMETERS", () => {
  it("[security3-N3] names every parameter a shipped specification's security scheme reads", () => {
    const folder = fileURLToPath(new URL("../../../content/specs/", import.meta.url));
    const names = readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) => {
        const spec = JSON.parse(readFileSync(`${folder}${file}`, "utf8")) as {
          securityDefinitions?: Record<string, { type: string; name?: string }>;
          components?: { securitySchemes?: Record<string, { type: string; name?: string }> };
        };
        const schemes = { ...spec.securityDefinitions, ...spec.components?.securitySchemes };
        return Object.values(schemes).flatMap((scheme) => (scheme.type === "apiKey" && scheme.name ? [scheme.name] : []));
      });
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(SECRET_PARAMETERS.has(name.toLowerCase()), name).toBe(true);
  });
});
