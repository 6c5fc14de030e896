import { z } from "zod";
import { CAPTCHA_ERROR_FIELD, CAPTCHA_FIELD, RECAPTCHA_FIELD, TEXT_ANSWER_FIELD, TEXT_CHALLENGE_FIELD } from "./captcha-field";

/** An answer field: trimmed text within its bound, or absent; anything else counts as no answer. */
function answerField(max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    z.string().max(max).optional().catch(undefined),
  );
}

const answerShape = z.object({
  [CAPTCHA_FIELD]: answerField(1000),
  [TEXT_CHALLENGE_FIELD]: answerField(300),
  [TEXT_ANSWER_FIELD]: answerField(50),
  [RECAPTCHA_FIELD]: answerField(4000),
});

export type CaptchaAnswer = z.infer<typeof answerShape>;

/** Whether any captcha was answered: the solved proof of work, reCAPTCHA's response, or the text challenge. */
export function hasCaptchaAnswer(answer: CaptchaAnswer): boolean {
  return Boolean(answer[CAPTCHA_FIELD] || answer[RECAPTCHA_FIELD] || (answer[TEXT_CHALLENGE_FIELD] && answer[TEXT_ANSWER_FIELD]));
}

/**
 * The captcha fields of a form that requires one, checked in the browser and on the server alike: without any
 * answer the form reports `message` under CAPTCHA_ERROR_FIELD. Whether the answer is right is the server's call.
 */
export function requiredCaptcha(message: string) {
  return answerShape.superRefine((answer, context) => {
    if (!hasCaptchaAnswer(answer)) context.addIssue({ code: "custom", path: [CAPTCHA_ERROR_FIELD], message });
  });
}
