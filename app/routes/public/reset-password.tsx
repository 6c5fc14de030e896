import { Alert, Button, Container, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { TextField } from "~/components/forms/form-fields";
import { resetRequestSchema } from "~/modules/auth/auth-schemas";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { encodeMessage } from "~/modules/forms/messages";
import { clientAddress } from "~/modules/http/client-address.server";
import { localizePathFor } from "~/modules/i18n/language";

const resetRequestValidator = withZod(resetRequestSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "auth.resetTitle");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const result = await resetRequestValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  const outcome = await requestPasswordReset({
    email: result.data.email,
    resetPath: localizePathFor(request, "/reset-password"),
    clientAddress: clientAddress(request),
  });
  if (!outcome.allowed) {
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return formFailure(encodeMessage("auth.tooManyResetRequests", { minutes }), result.submittedData, 429, "reset-request");
  }
  return { sent: true };
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const actionData = useActionData<{ sent?: boolean; formError?: string | null }>();
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("auth.resetTitle")}</Title>
        {actionData?.sent ? (
          <Alert color="green" role="status" data-testid="reset-sent">
            {t("auth.resetSent")}
          </Alert>
        ) : (
          <>
            <Text>{t("auth.resetLead")}</Text>
            <ValidatedForm validator={resetRequestValidator} method="post" id="reset-request" noValidate>
              <Stack gap="md">
                <FormError message={actionData?.formError} />
                <TextField name="email" type="email" label={t("auth.email")} required />
                <Button type="submit" w="fit-content">
                  {t("auth.resetSubmit")}
                </Button>
              </Stack>
            </ValidatedForm>
          </>
        )}
      </Stack>
    </Container>
  );
}
