import { Anchor, Button, Card, List, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { TextField } from "~/components/forms/form-fields";
import { AppLink } from "~/components/layout/app-link";
import { deleteAccountSchema } from "~/modules/accounts/account-schemas";
import { deleteAccount } from "~/modules/accounts/delete-account.server";
import { requireUser } from "~/modules/auth/guards.server";
import { loginName } from "~/modules/auth/login-name";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

const FORM_ID = "delete-account";
const deleteAccountValidator = withZod(deleteAccountSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return pageTitle(request, "account.delete.title");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const result = await deleteAccountValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  if (loginName(result.data.email) !== loginName(user.email)) {
    return validationFailure({ formId: FORM_ID, fieldErrors: { email: "account.delete.mismatch" } }, result.submittedData);
  }
  const deleted = await deleteAccount(user.id);
  if (!deleted.ok) return formFailure("account.delete.lastAdmin", result.submittedData, 409, FORM_ID);
  return redirectWithToast(
    localizePathFor(request, "/"),
    { type: "success", message: "account.delete.deleted" },
    { headers: { "Set-Cookie": clearSessionCookie() } },
  );
}

export default function DeleteAccountPage() {
  const { t } = useTranslation();
  const actionData = useActionData<{ formError?: string | null }>();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t("account.delete.title")}</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t("account.delete.lead")}</Text>
          <List spacing="xs">
            <List.Item>{t("account.delete.removed")}</List.Item>
            <List.Item>{t("account.delete.kept")}</List.Item>
          </List>
          <Anchor component={AppLink} to="/privacy-policy">
            {t("account.delete.privacy")}
          </Anchor>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <ValidatedForm validator={deleteAccountValidator} method="post" id={FORM_ID} noValidate>
          <Stack gap="md">
            <FormError message={actionData?.formError} />
            <TextField name="email" type="email" label={t("account.delete.confirm")} required />
            <Button type="submit" color="red" w="fit-content">
              {t("account.delete.submit")}
            </Button>
          </Stack>
        </ValidatedForm>
      </Card>
    </Stack>
  );
}
