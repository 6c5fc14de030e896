import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
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
 * Used solutions and text challenges live in the rate-limit table under their key, each as a row whose id makes
 * a second claim fail; text challenges apart, because they live longer.
 */
interface ClaimKind {
  key: string;
  idPrefix: string;
  lifetimeMs: number;
}
const usedSolutions: ClaimKind = { key: "captcha-used", idPrefix: "captcha", lifetimeMs: CAPTCHA_TTL_MS };
const usedTextChallenges: ClaimKind = { key: "captcha-text-used", idPrefix: "captcha-text", lifetimeMs: TEXT_CHALLENGE_TTL_MS };

export function captchaKey(): string {
  return deriveCaptchaKey(env.SESSION_SECRET);
}

export function createCaptchaChallenge() {
  return issueChallenge(captchaKey(), { maxNumber: env.CAPTCHA_MAX_NUMBER });
}

/** Claims an id by inserting it as a primary key: of two concurrent claims only one inserts. */
async function claimOnce(kind: ClaimKind, id: string): Promise<boolean> {
  const now = Date.now();
  // A claim older than the challenge lifetime guards nothing: its challenge has expired anyway.
  await db
    .deleteFrom("rate_limit_events")
    .where("key", "=", kind.key)
    .where("created_at", "<", nowIso(new Date(now - kind.lifetimeMs - 60_000)))
    .execute();
  const result = await db
    .insertInto("rate_limit_events")
    .values({ id: `${kind.idPrefix}:${id}`, key: kind.key, created_at: nowIso(new Date(now)) })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function claimCaptchaSolution(signature: string): Promise<boolean> {
  return claimOnce(usedSolutions, signature);
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
  return checkTextChallenge(token, answer, textChallengeKey(), (nonce) => claimOnce(usedTextChallenges, nonce));
}
