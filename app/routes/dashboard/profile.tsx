import { Alert, Anchor, Avatar, Button, Card, Group, Stack, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { TextAreaField, TextField } from "~/components/forms/form-fields";
import { AppLink } from "~/components/layout/app-link";
import { profileSchema } from "~/modules/auth/auth-schemas";
import { requireUser } from "~/modules/auth/guards.server";
import { isMultipart, uploadProfilePicture } from "~/modules/auth/picture-upload.server";
import { saveProfile } from "~/modules/auth/profile.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

const profileValidator = withZod(profileSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    profile: {
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      jobPosition: user.jobPosition,
      jobDescription: user.jobDescription,
    },
    hasPicture: user.hasPicture,
    ...(await pageTitle(request, "profile.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  if (isMultipart(request)) {
    const result = await uploadProfilePicture(user.id, request);
    if (!result.ok) return { pictureError: result.error };
    return redirectWithToast(url.pathname, { type: "success", message: "profile.pictureSaved" });
  }
  const result = await profileValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  await saveProfile(user.id, result.data);
  return redirectWithToast(url.pathname, { type: "success", message: "profile.saved" });
}

export default function ProfilePage() {
  const { profile, hasPicture } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ pictureError?: string }>();
  const { t } = useTranslation();
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.username;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("profile.title")}</Title>
      <Card withBorder padding="lg">
        <ValidatedForm validator={profileValidator} method="post" id="profile" defaultValues={profile} noValidate>
          <Stack gap="md">
            <TextField name="username" label={t("profile.username")} readOnly />
            <Group grow align="flex-start">
              <TextField name="firstName" label={t("profile.firstName")} required />
              <TextField name="lastName" label={t("profile.lastName")} required />
            </Group>
            <TextField name="jobPosition" label={t("profile.jobPosition")} />
            <TextAreaField name="jobDescription" label={t("profile.jobDescription")} />
            <Button type="submit" w="fit-content">
              {t("profile.save")}
            </Button>
          </Stack>
        </ValidatedForm>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="md">
          {t("profile.pictureTitle")}
        </Title>
        <Group align="flex-start" gap="lg">
          <Avatar src={hasPicture ? "/api/auth/profile-picture" : null} alt={t("profile.pictureAlt", { name })} size={96} radius="xl">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Form method="post" encType="multipart/form-data">
            <Stack gap="sm">
              {actionData?.pictureError ? (
                <Alert color="red" role="alert" data-testid="picture-error">
                  {t(actionData.pictureError)}
                </Alert>
              ) : null}
              <label htmlFor="picture" className="file-label">
                {t("profile.picture")}
              </label>
              <input id="picture" name="picture" type="file" accept="image/png,image/jpeg,image/webp" />
              <Button type="submit" w="fit-content" variant="light">
                {t("profile.upload")}
              </Button>
            </Stack>
          </Form>
        </Group>
      </Card>
      <Card withBorder padding="lg" component="nav" aria-labelledby="account-security">
        <Title order={2} size="h3" mb="md" id="account-security">
          {t("account.securityTitle")}
        </Title>
        <Stack gap="xs">
          <Anchor component={AppLink} to="/dashboard/password">
            {t("account.passwordLink")}
          </Anchor>
          <Anchor component={AppLink} to="/dashboard/sessions">
            {t("account.sessionsLink")}
          </Anchor>
          <Anchor component={AppLink} to="/dashboard/delete-account" c="red.9">
            {t("account.deleteLink")}
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
