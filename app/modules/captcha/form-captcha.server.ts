import type { CaptchaAnswer } from "./captcha-answer";
import { CAPTCHA_FIELD, RECAPTCHA_FIELD, TEXT_ANSWER_FIELD, TEXT_CHALLENGE_FIELD } from "./captcha-field";
import { verifyCaptcha, verifyTextChallenge } from "./captcha-store.server";
import { recaptchaSiteKey, verifyRecaptcha } from "./recaptcha.server";

/** "unavailable": reCAPTCHA's verification could not be reached, which is no fault of the person. */
export type FormCaptchaCheck = "verified" | "invalid" | "unavailable";

/** Where the answer came from: a page's form (shown without JavaScript too), or the JSON API. */
export type CaptchaChannel = "form" | "api";

/**
 * Checks the captcha of a form that requires one. The widget of the configured kind (the self-hosted proof of
 * work, or reCAPTCHA when configured) is checked when it answered; otherwise, for a page's form only, the text
 * challenge shown without JavaScript: a script reads its question as easily as a person, so the JSON API takes
 * the widget's answer alone. Every answer is used once, so a reused one is refused like a wrong one.
 */
export async function verifyFormCaptcha(
  answer: CaptchaAnswer,
  clientAddress: string | null,
  channel: CaptchaChannel,
): Promise<FormCaptchaCheck> {
  const recaptcha = recaptchaSiteKey() !== null;
  const recaptchaResponse = answer[RECAPTCHA_FIELD];
  const solution = answer[CAPTCHA_FIELD];
  if (recaptcha && recaptchaResponse) return verifyRecaptcha(recaptchaResponse, clientAddress);
  if (!recaptcha && solution) return (await verifyCaptcha(solution)) === "verified" ? "verified" : "invalid";
  const challenge = answer[TEXT_CHALLENGE_FIELD];
  const textAnswer = answer[TEXT_ANSWER_FIELD];
  if (channel === "form" && challenge && textAnswer)
    return (await verifyTextChallenge(challenge, textAnswer)) === "verified" ? "verified" : "invalid";
  return "invalid";
}
