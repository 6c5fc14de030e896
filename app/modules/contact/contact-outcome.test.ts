import { describe, expect, it } from "vitest";
import { describeContactFailure } from "./contact-outcome";

describe("describeContactFailure", () => {
  it("[security-15] answers a bad or reused captcha with a 400 and the unverified ceiling with a 429", () => {
    expect(describeContactFailure({ status: "captcha-invalid" })).toEqual({
      message: "validation.captchaInvalid",
      httpStatus: 400,
      retryAfterSeconds: null,
    });
    expect(describeContactFailure({ status: "captcha-reused" })).toEqual({
      message: "validation.captchaReused",
      httpStatus: 400,
      retryAfterSeconds: null,
    });
    expect(describeContactFailure({ status: "unverified-limited", retryAfterSeconds: 3599 })).toEqual({
      message: "validation.unverifiedLimited|minutes=60",
      httpStatus: 429,
      retryAfterSeconds: 3599,
    });
  });

  it("keeps the rate-limit and spam answers", () => {
    expect(describeContactFailure({ status: "rate-limited", retryAfterSeconds: 61 }).message).toBe("validation.rateLimited|minutes=2");
    expect(describeContactFailure({ status: "spam" })).toMatchObject({ message: "validation.spam", httpStatus: 400 });
  });
});
