import { Button, Stack } from "@mantine/core";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { newPasswordSchema } from "~/modules/auth/auth-schemas";
import { PasswordField } from "./form-fields";

/** The one validator of a new password with its repetition: the pages' actions validate with it too. */
export const newPasswordValidator = withZod(newPasswordSchema);

/** Choosing a password through a mailed link (a password reset, an invitation): the password twice and a submit. */
export function NewPasswordForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  return (
    <ValidatedForm validator={newPasswordValidator} method="post" noValidate>
      <Stack gap="md">
        <PasswordField name="password" label={t("auth.newPassword")} autoComplete="new-password" required />
        <PasswordField name="confirmPassword" label={t("auth.confirmPassword")} autoComplete="new-password" required />
        <Button type="submit" w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </ValidatedForm>
  );
}
