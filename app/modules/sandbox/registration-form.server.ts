import { data } from "@remix-run/node";
import { CAPTCHA_ERROR_FIELD } from "~/modules/captcha/captcha-field";
import { createTextChallenge } from "~/modules/captcha/captcha-store.server";
import { recaptchaSiteKey } from "~/modules/captcha/recaptcha.server";
import { numberWord } from "~/modules/captcha/text-challenge.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { clientAddress } from "~/modules/http/client-address.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOfPath, localizePathFor } from "~/modules/i18n/language";
import { countryOptions } from "~/modules/registry/countries";
import { redirectWithOutcome } from "~/modules/toast/outcome.server";
import { describeRegistrationFailure } from "./registration-outcome";
import { SANDBOX_FORM_ID, sandboxRegistrationValidator } from "./registration-schema";
import { formatUtc, registerForSandbox } from "./registration.server";
import { SANDBOX_REGISTERED_PATH } from "./sandbox-paths";

/** What the registration form needs from its page's loader. */
export interface SandboxFormData {
  countries: { value: string; label: string }[];
  /** Set while reCAPTCHA is configured: the widget replaces the proof of work. */
  recaptchaSiteKey: string | null;
  /** The question shown without JavaScript, and its signed token. */
  textChallenge: { token: string; question: string };
}

export async function sandboxFormData(request: Request): Promise<SandboxFormData> {
  const language = languageOfPath(new URL(request.url).pathname);
  const t = await getFixedT(request);
  const challenge = createTextChallenge();
  return {
    countries: countryOptions(language),
    recaptchaSiteKey: recaptchaSiteKey(),
    textChallenge: {
      token: challenge.token,
      question: t("sandbox.captcha.question", { a: numberWord(challenge.a, language), b: numberWord(challenge.b, language) }),
    },
  };
}

/**
 * The registration posted from a page that shows the form (the sandbox product page, the register-trial docs
 * page): field errors and refusals come back to the form; success goes on to the page that says what happens next
 * (check the inbox, the spam folder, when the link expires, how to get another), not a notification over the form.
 */
export async function sandboxRegistrationAction(request: Request) {
  const result = await sandboxRegistrationValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);

  const url = new URL(request.url);
  const outcome = await registerForSandbox(result.data, {
    clientAddress: clientAddress(request),
    channel: "form",
    language: languageOfPath(url.pathname),
  });
  if (outcome.status !== "registered") {
    // A wrong captcha is told under the captcha; a limit or an unreachable verification above the form.
    const failure = describeRegistrationFailure(outcome);
    const captcha = outcome.status === "captcha-invalid";
    const body = {
      fieldErrors: captcha ? { [CAPTCHA_ERROR_FIELD]: failure.message } : {},
      formId: SANDBOX_FORM_ID,
      repopulateFields: result.submittedData,
      formError: captcha ? null : failure.message,
    };
    const headers = failure.retryAfterSeconds === null ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
    return data(body, { status: failure.httpStatus, headers });
  }
  return redirectWithOutcome(localizePathFor(request, SANDBOX_REGISTERED_PATH), {
    kind: "sandbox-registered",
    email: result.data.email,
    expiry: formatUtc(outcome.linkExpiresAt),
    resent: outcome.resent,
  });
}
