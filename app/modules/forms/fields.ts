import { z } from "zod";
import { encodeMessage } from "./messages";

/** Zod building blocks whose messages are the i18n keys of SPEC.md section 8 and the locales. */
const textErrors = { required_error: "validation.required", invalid_type_error: "validation.invalidType" };

export function requiredText(max: number) {
  return z.string(textErrors).trim().min(1, "validation.required").max(max, encodeMessage("validation.tooLong", { max }));
}

/** Optional text: absent or empty becomes undefined. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string(textErrors).trim().max(max, encodeMessage("validation.tooLong", { max })).optional(),
  );
}

export function requiredEmail() {
  return requiredText(254).pipe(z.string().email("validation.email"));
}

/** A missing choice is "required"; anything not in the list is "invalidOption". */
const choiceErrorMap: z.ZodErrorMap = (issue) => ({
  message: issue.code === "invalid_type" && issue.received === "undefined" ? "validation.required" : "validation.invalidOption",
});

export function requiredChoice<const Options extends readonly [string, ...string[]]>(options: Options) {
  return z.preprocess((value) => (value === "" ? undefined : value), z.enum(options, { errorMap: choiceErrorMap }));
}

export function optionalChoice<const Options extends readonly [string, ...string[]]>(options: Options) {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(options, { errorMap: choiceErrorMap }).optional(),
  );
}
