import { createHmac } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { z } from "zod";

/** A challenge must be solved and used within this time. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** About 50,000 SHA-256 hashes on average: well under a second in a browser, a real cost per scripted post. */
const CAPTCHA_MAX_NUMBER = 100_000;

export type CaptchaCheck = "verified" | "invalid" | "reused";

/** Records a solution's first use; false when it was used before (the store makes this atomic). */
export type ClaimSolution = (signature: string) => Promise<boolean>;

/** The HMAC key of challenges, derived from the session secret so the secret itself signs nothing else. */
export function deriveCaptchaKey(secret: string): string {
  return createHmac("sha256", secret).update("portal captcha v1").digest("hex");
}

export function issueChallenge(hmacKey: string, { now = Date.now(), maxNumber = CAPTCHA_MAX_NUMBER } = {}): Promise<Challenge> {
  return createChallenge({ hmacKey, maxnumber: maxNumber, expires: new Date(now + CAPTCHA_TTL_MS) });
}

const hex = z.string().regex(/^[0-9a-f]{16,128}$/);
const payloadSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: hex,
  number: z.number().int().min(0).max(1e7),
  salt: z.string().min(1).max(200),
  signature: hex,
});

/** The widget's base64 JSON payload, or null when it is not one. */
export function parseCaptchaPayload(encoded: string): z.infer<typeof payloadSchema> | null {
  if (encoded.length > 1000) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(encoded, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A solution passes once: signed with our key, solved, not expired (every challenge we issue carries its
 * expiry inside the signed salt), and not claimed before.
 */
export async function checkCaptchaSolution(encoded: string, hmacKey: string, claim: ClaimSolution): Promise<CaptchaCheck> {
  const payload = parseCaptchaPayload(encoded);
  if (!payload || !extractParams(payload).expires) return "invalid";
  if (!(await verifySolution(payload, hmacKey, true))) return "invalid";
  return (await claim(payload.signature)) ? "verified" : "reused";
}
