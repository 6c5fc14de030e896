import { describe, expect, it } from "vitest";
import { describeExchangeFailure, describeRegistrationFailure } from "./registration-outcome";

describe("sandbox outcomes", () => {
  it("answers a wrong captcha 400, an unreachable verification 503 and a limit 429 in minutes", () => {
    expect(describeRegistrationFailure({ status: "captcha-invalid", recaptcha: true })).toEqual({
      message: "sandbox.errors.captcha",
      httpStatus: 400,
      retryAfterSeconds: null,
    });
    expect(describeRegistrationFailure({ status: "captcha-unavailable" }).httpStatus).toBe(503);
    expect(describeRegistrationFailure({ status: "rate-limited", retryAfterSeconds: 61 })).toEqual({
      message: "sandbox.errors.rateLimited|minutes=2",
      httpStatus: 429,
      retryAfterSeconds: 61,
    });
  });

  it("[security3-N13] names reCAPTCHA in a refusal only while reCAPTCHA is the captcha in use", () => {
    expect(describeRegistrationFailure({ status: "captcha-invalid", recaptcha: false })).toEqual({
      message: "sandbox.errors.captchaRetry",
      httpStatus: 400,
      retryAfterSeconds: null,
    });
  });

  it("answers an unknown link 404, an expired one 410 and a used one 409", () => {
    expect(describeExchangeFailure("unknown").httpStatus).toBe(404);
    expect(describeExchangeFailure("expired").httpStatus).toBe(410);
    expect(describeExchangeFailure("used")).toEqual({ message: "sandbox.access.used", httpStatus: 409 });
  });
});
