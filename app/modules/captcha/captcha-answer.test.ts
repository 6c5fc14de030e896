import { describe, expect, it } from "vitest";
import { parseEnv } from "~/modules/env/env";
import { hasCaptchaAnswer, requiredCaptcha } from "./captcha-answer";

const schema = requiredCaptcha("captcha.message");

describe("a required captcha", () => {
  it("takes a solved proof of work, a reCAPTCHA response, or a text challenge with its answer", () => {
    expect(schema.safeParse({ altcha: "payload" }).success).toBe(true);
    expect(schema.safeParse({ "g-recaptcha-response": "response" }).success).toBe(true);
    expect(schema.safeParse({ captchaChallenge: "token", captchaAnswer: "7" }).success).toBe(true);
  });

  it("reports one message under `captcha` without an answer, for blanks and for values of the wrong type", () => {
    for (const input of [{}, { captchaChallenge: "token" }, { captchaAnswer: "7" }, { altcha: "   " }, { altcha: 42 }]) {
      const result = schema.safeParse(input);
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["captcha", "captcha.message"]]);
    }
  });

  it("trims answers and drops oversized ones", () => {
    expect(schema.parse({ captchaChallenge: " token ", captchaAnswer: " 7 " })).toMatchObject({
      captchaChallenge: "token",
      captchaAnswer: "7",
    });
    expect(hasCaptchaAnswer(schema.safeParse({ altcha: "x".repeat(1001) }).data ?? {})).toBe(false);
  });

  it("needs both reCAPTCHA keys or neither", () => {
    expect(parseEnv({}).RECAPTCHA_SITE_KEY).toBeUndefined();
    expect(parseEnv({ RECAPTCHA_SITE_KEY: "site", RECAPTCHA_SECRET_KEY: "secret" }).RECAPTCHA_VERIFY_URL).toBe(
      "https://www.google.com/recaptcha/api/siteverify",
    );
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: "site" })).toThrow(/RECAPTCHA_SECRET_KEY: is required when the other reCAPTCHA key is set/);
    expect(() => parseEnv({ RECAPTCHA_SECRET_KEY: "secret" })).toThrow(/RECAPTCHA_SITE_KEY/);
  });
});
