import { env } from "~/modules/env/env.server";
import { claimOnce } from "~/modules/rate-limit/rate-limit.server";
import { CAPTCHA_TTL_MS, checkCaptchaSolution, deriveCaptchaKey, issueChallenge, type CaptchaCheck } from "./captcha.server";
import {
  checkTextChallenge,
  deriveTextChallengeKey,
  issueTextChallenge,
  TEXT_CHALLENGE_TTL_MS,
  type TextChallenge,
  type TextChallengeCheck,
} from "./text-challenge.server";

/**
 * Used solutions and text challenges are claimed in the limits store, each under its own prefix: of two claims of
 * one id only the first succeeds. A claim outlives its challenge by a minute and then guards nothing: the
 * challenge has expired anyway.
 */
interface ClaimKind {
  prefix: string;
  lifetimeMs: number;
}
const usedSolutions: ClaimKind = { prefix: "captcha", lifetimeMs: CAPTCHA_TTL_MS + 60_000 };
const usedTextChallenges: ClaimKind = { prefix: "captcha-text", lifetimeMs: TEXT_CHALLENGE_TTL_MS + 60_000 };

export function captchaKey(): string {
  return deriveCaptchaKey(env.SESSION_SECRET);
}

export function createCaptchaChallenge() {
  return issueChallenge(captchaKey(), { maxNumber: env.CAPTCHA_MAX_NUMBER });
}

function claim(kind: ClaimKind, id: string): Promise<boolean> {
  return claimOnce(`${kind.prefix}:${id}`, kind.lifetimeMs);
}

export function claimCaptchaSolution(signature: string): Promise<boolean> {
  return claim(usedSolutions, signature);
}

export function verifyCaptcha(encoded: string): Promise<CaptchaCheck> {
  return checkCaptchaSolution(encoded, captchaKey(), claimCaptchaSolution);
}

function textChallengeKey(): string {
  return deriveTextChallengeKey(env.SESSION_SECRET);
}

/** A fresh text challenge for a form rendered without JavaScript. */
export function createTextChallenge(): TextChallenge {
  return issueTextChallenge(textChallengeKey());
}

export function verifyTextChallenge(token: string, answer: string): Promise<TextChallengeCheck> {
  return checkTextChallenge(token, answer, textChallengeKey(), (nonce) => claim(usedTextChallenges, nonce));
}
