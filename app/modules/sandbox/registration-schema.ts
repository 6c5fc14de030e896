import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { requiredCaptcha } from "~/modules/captcha/captcha-answer";
import { optionalText, requiredChoice, requiredEmail, requiredText } from "~/modules/forms/fields";
import { countryCodes } from "~/modules/registry/countries";

/** A ticked checkbox: "on" from a form, true from JSON. */
const ticked = (value: unknown) => value === true || value === "on" || value === "true";

const registrationFields = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  companyName: requiredText(200),
  jobTitle: requiredText(100),
  email: requiredEmail(),
  country: requiredChoice(countryCodes),
  message: optionalText(5000),
  consent: z.preprocess(ticked, z.literal(true, { errorMap: () => ({ message: "sandbox.errors.consent" }) })),
  offers: z.preprocess(ticked, z.boolean()),
});

/**
 * The sandbox registration (SPEC.md section 3), the same in the browser, the page actions and POST /api/econ-sandbox:
 * the person's fields, the required consent, the optional offers, and a captcha answer of any kind
 * ('Please complete the reCAPTCHA verification.' without one).
 */
export const sandboxRegistrationSchema = z.intersection(registrationFields, requiredCaptcha("sandbox.errors.captcha"));

export type SandboxRegistrationInput = z.infer<typeof sandboxRegistrationSchema>;

export const sandboxRegistrationValidator = withZod(sandboxRegistrationSchema);

/** The form's id: remix-validated-form matches the server's answer to it. */
export const SANDBOX_FORM_ID = "sandbox-registration";
