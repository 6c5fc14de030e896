/** The form field (and JSON property) that carries a solved proof-of-work challenge; the widget writes it. */
export const CAPTCHA_FIELD = "altcha";

/** Where the widget fetches a fresh challenge. */
export const CAPTCHA_CHALLENGE_PATH = "/api/captcha/challenge";

/** The accessible text challenge shown in the widget's place without JavaScript: its signed token and the answer. */
export const TEXT_CHALLENGE_FIELD = "captchaChallenge";
export const TEXT_ANSWER_FIELD = "captchaAnswer";

/** The field Google's reCAPTCHA widget writes its response into, when reCAPTCHA is configured. */
export const RECAPTCHA_FIELD = "g-recaptcha-response";

/** Where a form's captcha problem is reported: one message for all of its fields. */
export const CAPTCHA_ERROR_FIELD = "captcha";

/** What reCAPTCHA's explicit rendering loads; the CSP admits these hosts only while reCAPTCHA is configured. */
export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";
