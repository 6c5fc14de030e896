import { z } from "zod";
import { env } from "~/modules/env/env.server";
import { requestVetted } from "~/modules/net/outbound.server";

/**
 * Google reCAPTCHA (v2 checkbox), used instead of the self-hosted proof of work when both RECAPTCHA_SITE_KEY and
 * RECAPTCHA_SECRET_KEY are set. The widget's response is checked with RECAPTCHA_VERIFY_URL (Google's siteverify)
 * through the vetted outbound client; Google answers each response once.
 */

export type RecaptchaCheck = "verified" | "invalid" | "unavailable";

/** The site key the browser widget needs, or null while reCAPTCHA is not configured. */
export function recaptchaSiteKey(): string | null {
  return env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY ? env.RECAPTCHA_SITE_KEY : null;
}

const VERIFY_TIMEOUT_MS = 10_000;
const siteverifySchema = z.object({ success: z.boolean() });

export async function verifyRecaptcha(response: string, clientAddress: string | null): Promise<RecaptchaCheck> {
  const secret = env.RECAPTCHA_SECRET_KEY;
  if (!secret) return "invalid";
  const body = new URLSearchParams({ secret, response, ...(clientAddress ? { remoteip: clientAddress } : {}) }).toString();
  try {
    const answer = await requestVetted(env.RECAPTCHA_VERIFY_URL, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        accept: "application/json",
      },
      body,
      timeoutMs: VERIFY_TIMEOUT_MS,
      maxRedirects: 0,
      maxBodyBytes: 64 * 1024,
    });
    const parsed = answer.status === 200 ? siteverifySchema.safeParse(JSON.parse(answer.body.toString("utf8"))) : null;
    if (!parsed?.success) {
      console.error(`reCAPTCHA verification answered ${answer.status} without a verdict`);
      return "unavailable";
    }
    return parsed.data.success ? "verified" : "invalid";
  } catch (error) {
    console.error(`reCAPTCHA verification failed: ${error instanceof Error ? error.message : String(error)}`);
    return "unavailable";
  }
}
