import { createCaptchaChallenge } from "~/modules/captcha/captcha-store.server";
import { jsonResponse } from "~/modules/forms/json.server";

/** GET /api/captcha/challenge: a fresh signed proof-of-work challenge for the contact forms' widget. */
export async function loader() {
  return jsonResponse(await createCaptchaChallenge(), 200, { "Cache-Control": "no-store" });
}
