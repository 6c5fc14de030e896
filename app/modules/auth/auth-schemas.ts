import { z } from "zod";
import { requiredEmail, requiredText } from "~/modules/forms/fields";
import { encodeMessage } from "~/modules/forms/messages";

/** Shared by the browser and the server. */
export const loginSchema = z.object({
  email: requiredEmail(),
  password: z.string({ required_error: "validation.required" }).min(1, "validation.required").max(200),
  redirectTo: z.string().optional(),
});

export const resetRequestSchema = z.object({ email: requiredEmail() });

const MIN_PASSWORD = 10;
/** The rules of a password a user chooses: the reset link's form and the change of password alike. */
const chosenPassword = () =>
  requiredText(200).pipe(z.string().min(MIN_PASSWORD, encodeMessage("auth.passwordTooShort", { min: MIN_PASSWORD })));

export const newPasswordSchema = z
  .object({
    password: chosenPassword(),
    confirmPassword: requiredText(200),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.passwordsDiffer",
  });

/**
 * A signed-in user's new password (page and `POST /api/auth/change-password`): the current one proves it is
 * them; the page also asks for the new one twice, the JSON API need not.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ required_error: "validation.required" }).min(1, "validation.required").max(200),
    newPassword: chosenPassword(),
    confirmPassword: z.string().max(200).optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.passwordsDiffer",
  });

/** No control characters (NUL, escape, C1): they break XML output, logs and terminals. */
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
/** A description may keep its line breaks and tabs. */
const NO_CONTROL_CHARACTERS_BUT_LINES = /^(?:[\t\n\r]|\P{Cc})*$/u;

export const profileSchema = z.object({
  firstName: requiredText(100).regex(NO_CONTROL_CHARACTERS, "validation.controlCharacters"),
  lastName: requiredText(100).regex(NO_CONTROL_CHARACTERS, "validation.controlCharacters"),
  jobPosition: z
    .string()
    .trim()
    .max(150, encodeMessage("validation.tooLong", { max: 150 }))
    .regex(NO_CONTROL_CHARACTERS, "validation.controlCharacters")
    .default(""),
  jobDescription: z
    .string()
    .trim()
    .max(2000, encodeMessage("validation.tooLong", { max: 2000 }))
    .regex(NO_CONTROL_CHARACTERS_BUT_LINES, "validation.controlCharacters")
    .default(""),
});

export const verifyTokenSchema = z.object({
  token: z
    .string({ required_error: "auth.tokenRequired", invalid_type_error: "auth.tokenRequired" })
    .trim()
    .min(1, "auth.tokenRequired")
    .max(500),
});
