import { Alert, Container, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewPasswordForm, newPasswordValidator } from "~/components/forms/new-password-form";
import { acceptInvitation, usableInvitationEmail } from "~/modules/accounts/invitations.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** /invitation/{token}: the invitee of an account an admin created chooses their password, once, within 7 days. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const email = await usableInvitationEmail(params.token ?? "");
  return { email, ...(await pageTitle(request, "auth.invitationTitle")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await newPasswordValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, {});
  if (!(await acceptInvitation(params.token ?? "", result.data.password))) return { invalid: true };
  return redirectWithToast(localizePathFor(request, "/login"), { type: "success", message: "auth.invitationAccepted" });
}

export default function InvitationPage() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ invalid?: boolean }>();
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("auth.invitationTitle")}</Title>
        {!email || actionData?.invalid ? (
          <Alert color="red" role="alert" data-testid="invitation-invalid">
            {t("auth.invitationInvalid")}
          </Alert>
        ) : (
          <>
            <Text>{t("auth.invitationLead", { email })}</Text>
            <NewPasswordForm submitLabel={t("auth.invitationSubmit")} />
          </>
        )}
      </Stack>
    </Container>
  );
}
