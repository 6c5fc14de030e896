import { encodeMessage } from "~/modules/forms/messages";

export type RegistrationFailure =
  | { status: "captcha-invalid"; recaptcha: boolean }
  | { status: "captcha-unavailable" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** How a refused registration is answered, the same on the pages and in the JSON API: a message key and a 4xx/503. */
export function describeRegistrationFailure(failure: RegistrationFailure): {
  message: string;
  httpStatus: number;
  retryAfterSeconds: number | null;
} {
  switch (failure.status) {
    case "captcha-invalid":
      // SPEC's message names reCAPTCHA: it is right only while reCAPTCHA is the captcha in use.
      return {
        message: failure.recaptcha ? "sandbox.errors.captcha" : "sandbox.errors.captchaRetry",
        httpStatus: 400,
        retryAfterSeconds: null,
      };
    case "captcha-unavailable":
      return { message: "sandbox.errors.captchaUnavailable", httpStatus: 503, retryAfterSeconds: 60 };
    case "rate-limited":
      return {
        message: encodeMessage("sandbox.errors.rateLimited", { minutes: Math.ceil(failure.retryAfterSeconds / 60) }),
        httpStatus: 429,
        retryAfterSeconds: failure.retryAfterSeconds,
      };
  }
}

export type ExchangeFailure = "unknown" | "expired" | "used";

/** An access link that issues no key: unknown 404, expired 410, its key already issued 409. */
export function describeExchangeFailure(failure: ExchangeFailure): { message: string; httpStatus: number } {
  switch (failure) {
    case "unknown":
      return { message: "sandbox.access.unknown", httpStatus: 404 };
    case "expired":
      return { message: "sandbox.access.expired", httpStatus: 410 };
    case "used":
      return { message: "sandbox.access.used", httpStatus: 409 };
  }
}
