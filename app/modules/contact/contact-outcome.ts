import { encodeMessage } from "~/modules/forms/messages";

export type ContactFailure =
  | { status: "spam" }
  | { status: "captcha-invalid" }
  | { status: "captcha-reused" }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unverified-limited"; retryAfterSeconds: number };

/** How a refused message is answered, the same on the page and in the JSON API: a message key and a 4xx. */
export function describeContactFailure(failure: ContactFailure): { message: string; httpStatus: number; retryAfterSeconds: number | null } {
  switch (failure.status) {
    case "spam":
      return { message: "validation.spam", httpStatus: 400, retryAfterSeconds: null };
    case "captcha-invalid":
      return { message: "validation.captchaInvalid", httpStatus: 400, retryAfterSeconds: null };
    case "captcha-reused":
      return { message: "validation.captchaReused", httpStatus: 400, retryAfterSeconds: null };
    case "rate-limited":
    case "unverified-limited": {
      const minutes = Math.ceil(failure.retryAfterSeconds / 60);
      const key = failure.status === "rate-limited" ? "validation.rateLimited" : "validation.unverifiedLimited";
      return { message: encodeMessage(key, { minutes }), httpStatus: 429, retryAfterSeconds: failure.retryAfterSeconds };
    }
  }
}
