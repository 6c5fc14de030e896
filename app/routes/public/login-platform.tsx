import { Anchor, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { PasswordField, TextField } from "~/components/forms/form-fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { AppLink } from "~/components/layout/app-link";
import { loginSchema } from "~/modules/auth/auth-schemas";
import { authenticator, LoginError } from "~/modules/auth/login.server";
import { createSession } from "~/modules/auth/session.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { bufferRequest, formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { encodeMessage } from "~/modules/forms/messages";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { isPlatform, platforms, type Platform } from "~/modules/registry/registry";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { safeRedirect } from "~/modules/url/safe-redirect";

const loginValidator = withZod(loginSchema);

function requirePlatform(value: string | undefined): Platform {
  if (!isPlatform(value)) throw notFound();
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const platform = requirePlatform(params.platform);
  return { platform, ...(await pageTitle(request, `auth.platforms.${platform}.name`)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const platform = requirePlatform(params.platform);
  const buffered = await bufferRequest(request);
  const result = await loginValidator.validate(await readFormData(buffered.clone()));
  const { password: _password, ...keep } = result.submittedData;
  if (result.error) return validationFailure(result.error, keep);

  let userId: string;
  try {
    userId = await authenticator.authenticate(platform, buffered);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const status = error.retryAfterSeconds ? 429 : 401;
    return formFailure(encodeMessage(error.messageKey, { seconds: error.retryAfterSeconds }), keep, status, `login-${platform}`);
  }
  const { cookie } = await createSession(userId, platform, request);
  const target = localizePathFor(request, safeRedirect(result.data.redirectTo));
  return redirectWithToast(target, { type: "success", message: "auth.loginSuccessful" }, { headers: { "Set-Cookie": cookie } });
}

export default function LoginPlatformPage() {
  const { platform } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const actionData = useActionData<{ formError?: string | null }>();
  const [params] = useSearchParams();
  const formId = `login-${platform}`;
  // After a refused sign-in the password field starts empty, as it does without JavaScript.
  useEffect(() => {
    const password = document.getElementById("field-password");
    if (actionData?.formError && password instanceof HTMLInputElement) password.value = "";
  }, [actionData]);
  return (
    <Container size="xs" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t("auth.signInTo", { platform: t(`auth.platforms.${platform}.name`) })}</Title>
        <Text size="sm">{t(`auth.platforms.${platform}.description`)}</Text>
      </Stack>
      <ValidatedForm validator={loginValidator} method="post" id={formId} noValidate>
        <Stack gap="md">
          <FormError message={actionData?.formError} />
          <input type="hidden" name="redirectTo" value={safeRedirect(params.get("redirectTo"))} />
          <TextField name="email" type="email" label={t("auth.email")} required />
          <PasswordField name="password" label={t("auth.password")} autoComplete="current-password" required />
          <SubmitButton formId={formId} label={t("auth.submit")} busyLabel={t("auth.signingIn")} />
        </Stack>
      </ValidatedForm>
      <Group mt="xl" gap="lg">
        <Anchor component={AppLink} to="/reset-password">
          {t("auth.forgotPassword")}
        </Anchor>
        {platforms
          .filter((other) => other !== platform)
          .map((other) => (
            <Anchor key={other} component={AppLink} to={`/login/${other}`}>
              {t(`auth.platforms.${other}.name`)}
            </Anchor>
          ))}
      </Group>
    </Container>
  );
}
