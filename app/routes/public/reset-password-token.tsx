import { Alert, Anchor, Container, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewPasswordForm, newPasswordValidator } from "~/components/forms/new-password-form";
import { AppLink } from "~/components/layout/app-link";
import { isResetTokenUsable, resetPassword } from "~/modules/auth/password-reset.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const usable = await isResetTokenUsable(params.token ?? "");
  return { usable, ...(await pageTitle(request, "auth.newPasswordTitle")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await newPasswordValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, {});
  if (!(await resetPassword(params.token ?? "", result.data.password))) return { invalid: true };
  return redirectWithToast(localizePathFor(request, "/login"), { type: "success", message: "auth.passwordChanged" });
}

export default function NewPasswordPage() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ invalid?: boolean }>();
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("auth.newPasswordTitle")}</Title>
        {!usable || actionData?.invalid ? (
          <>
            <Alert color="red" role="alert">
              {t("auth.resetInvalid")}
            </Alert>
            <Anchor component={AppLink} to="/reset-password">
              {t("auth.resetTitle")}
            </Anchor>
          </>
        ) : (
          <NewPasswordForm submitLabel={t("auth.newPasswordSubmit")} />
        )}
      </Stack>
    </Container>
  );
}
