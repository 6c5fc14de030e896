import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { CAPTCHA_TTL_MS, checkCaptchaSolution, deriveCaptchaKey, issueChallenge, type CaptchaCheck } from "./captcha.server";

/** Used solutions live in the rate-limit table under this key; the row id makes a second claim fail. */
const USED_KEY = "captcha-used";

export function captchaKey(): string {
  return deriveCaptchaKey(env.SESSION_SECRET);
}

export function createCaptchaChallenge() {
  return issueChallenge(captchaKey());
}

/** Claims a solution by inserting its signature as a primary key: of two concurrent claims only one inserts. */
export async function claimCaptchaSolution(signature: string): Promise<boolean> {
  const now = Date.now();
  // A claim older than the challenge lifetime guards nothing: its challenge has expired anyway.
  await db
    .deleteFrom("rate_limit_events")
    .where("key", "=", USED_KEY)
    .where("created_at", "<", nowIso(new Date(now - CAPTCHA_TTL_MS - 60_000)))
    .execute();
  const result = await db
    .insertInto("rate_limit_events")
    .values({ id: `captcha:${signature}`, key: USED_KEY, created_at: nowIso(new Date(now)) })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function verifyCaptcha(encoded: string): Promise<CaptchaCheck> {
  return checkCaptchaSolution(encoded, captchaKey(), claimCaptchaSolution);
}
