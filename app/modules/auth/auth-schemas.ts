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
export const newPasswordSchema = z
  .object({
    password: requiredText(200).pipe(z.string().min(MIN_PASSWORD, encodeMessage("auth.passwordTooShort", { min: MIN_PASSWORD }))),
    confirmPassword: requiredText(200),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.passwordsDiffer",
  });

export const profileSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  jobPosition: z.string().trim().max(150, encodeMessage("validation.tooLong", { max: 150 })).default(""),
  jobDescription: z.string().trim().max(2000, encodeMessage("validation.tooLong", { max: 2000 })).default(""),
});

export const verifyTokenSchema = z.object({
  token: z.string({ required_error: "auth.tokenRequired", invalid_type_error: "auth.tokenRequired" }).trim().min(1, "auth.tokenRequired").max(500),
});
