import { Button, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { TextField } from "~/components/forms/form-fields";
import { createUserSchema } from "~/modules/accounts/user-schemas";
import { createUser } from "~/modules/accounts/users-admin.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { translateMessage } from "~/modules/forms/messages";
import { localizePathFor } from "~/modules/i18n/language";
import { platforms } from "~/modules/registry/registry";
import { redirectWithToast } from "~/modules/toast/toast.server";

const createValidator = withZod(createUserSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return pageTitle(request, "admin.users.newTitle");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const result = await createValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  const outcome = await createUser(admin, result.data, localizePathFor(request, "/invitation"));
  return redirectWithToast(localizePathFor(request, `/dashboard/admin/users/${outcome.user.id}`), {
    type: outcome.created ? "success" : "info",
    message: outcome.created ? "admin.users.createdToast" : "admin.users.existsToast",
  });
}

function PlatformChoice() {
  const { t } = useTranslation();
  const { error } = useField("platforms");
  return (
    <Checkbox.Group label={t("admin.users.platforms")} withAsterisk error={error ? translateMessage(t, error) : undefined}>
      <Stack gap="xs" mt="xs">
        {platforms.map((platform) => (
          <Checkbox
            key={platform}
            name="platforms"
            value={platform}
            id={`platform-${platform}`}
            label={t(`auth.platforms.${platform}.name`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export default function NewUserPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>{t("admin.users.newTitle")}</Title>
        <Text>{t("admin.users.newLead")}</Text>
      </div>
      <ValidatedForm validator={createValidator} method="post" id="new-user" noValidate>
        <Stack gap="md">
          <TextField name="email" type="email" label={t("admin.users.email")} required />
          <Group grow align="flex-start">
            <TextField name="firstName" label={t("admin.users.firstName")} required />
            <TextField name="lastName" label={t("admin.users.lastName")} required />
          </Group>
          <PlatformChoice />
          <Button type="submit" w="fit-content">
            {t("admin.users.create")}
          </Button>
        </Stack>
      </ValidatedForm>
    </Stack>
  );
}
