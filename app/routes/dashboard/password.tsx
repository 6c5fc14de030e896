import { Card, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { PasswordField } from "~/components/forms/form-fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { changePasswordSchema } from "~/modules/auth/auth-schemas";
import { changePassword } from "~/modules/auth/change-password.server";
import { requireUser } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { encodeMessage } from "~/modules/forms/messages";
import { redirectWithToast } from "~/modules/toast/toast.server";

const FORM_ID = "change-password";
const changePasswordValidator = withZod(changePasswordSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return pageTitle(request, "account.password.title");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const result = await changePasswordValidator.validate(await readFormData(request));
  // Passwords are never sent back to be shown again.
  if (result.error) return validationFailure(result.error, {});
  const changed = await changePassword(user, request, result.data);
  if (!changed.ok && changed.reason === "tooManyAttempts") {
    return formFailure(encodeMessage("auth.tooManyAttempts", { seconds: changed.retryAfterSeconds }), {}, 429, FORM_ID);
  }
  if (!changed.ok) return validationFailure({ formId: FORM_ID, fieldErrors: { currentPassword: "account.wrongCurrentPassword" } }, {});
  return redirectWithToast(new URL(request.url).pathname, { type: "success", message: "account.password.changed" });
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const actionData = useActionData<{ formError?: string | null }>();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t("account.password.title")}</Title>
      <Text>{t("account.password.lead")}</Text>
      <Card withBorder padding="lg">
        <ValidatedForm validator={changePasswordValidator} method="post" id={FORM_ID} noValidate>
          <Stack gap="md">
            <FormError message={actionData?.formError} />
            <PasswordField name="currentPassword" label={t("account.password.current")} autoComplete="current-password" required />
            <PasswordField name="newPassword" label={t("account.password.new")} autoComplete="new-password" required />
            <PasswordField name="confirmPassword" label={t("account.password.confirm")} autoComplete="new-password" required />
            <SubmitButton formId={FORM_ID} label={t("account.password.submit")} />
          </Stack>
        </ValidatedForm>
      </Card>
    </Stack>
  );
}
