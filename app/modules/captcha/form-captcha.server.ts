import type { CaptchaAnswer } from "./captcha-answer";
import { CAPTCHA_FIELD, RECAPTCHA_FIELD, TEXT_ANSWER_FIELD, TEXT_CHALLENGE_FIELD } from "./captcha-field";
import { verifyCaptcha, verifyTextChallenge } from "./captcha-store.server";
import { recaptchaSiteKey, verifyRecaptcha } from "./recaptcha.server";

/** "unavailable": reCAPTCHA's verification could not be reached, which is no fault of the person. */
export type FormCaptchaCheck = "verified" | "invalid" | "unavailable";

/**
 * Checks the captcha of a form that requires one. The widget of the configured kind (the self-hosted proof of
 * work, or reCAPTCHA when configured) is checked when it answered; otherwise the text challenge shown without
 * JavaScript. Every answer is used once, so a reused one is refused like a wrong one.
 */
export async function verifyFormCaptcha(answer: CaptchaAnswer, clientAddress: string | null): Promise<FormCaptchaCheck> {
  const recaptcha = recaptchaSiteKey() !== null;
  const recaptchaResponse = answer[RECAPTCHA_FIELD];
  const solution = answer[CAPTCHA_FIELD];
  if (recaptcha && recaptchaResponse) return verifyRecaptcha(recaptchaResponse, clientAddress);
  if (!recaptcha && solution) return (await verifyCaptcha(solution)) === "verified" ? "verified" : "invalid";
  const challenge = answer[TEXT_CHALLENGE_FIELD];
  const textAnswer = answer[TEXT_ANSWER_FIELD];
  if (challenge && textAnswer) return (await verifyTextChallenge(challenge, textAnswer)) === "verified" ? "verified" : "invalid";
  return "invalid";
}
