/** The form field (and JSON property) that carries a solved proof-of-work challenge; the widget writes it. */
export const CAPTCHA_FIELD = "altcha";

/** Where the widget fetches a fresh challenge. */
export const CAPTCHA_CHALLENGE_PATH = "/api/captcha/challenge";
