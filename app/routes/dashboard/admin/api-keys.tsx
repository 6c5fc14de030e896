import { SecretValue } from "~/components/layout/secret-value";
import { Alert, Anchor, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { NoRecords } from "~/components/dashboard/no-records";
import { SelectField, TextField } from "~/components/forms/form-fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { formatDateTime } from "~/components/layout/format";
import { TableScroll } from "~/components/layout/table-scroll";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { mayBeStoredId } from "~/modules/db/ids";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { adminApiKeySchema, adminApiKeyScopes, type AdminApiKeySummary } from "~/modules/provisioning/admin-api-keys";
import { createAdminApiKey, listAdminApiKeys, revokeAdminApiKey } from "~/modules/provisioning/admin-api-keys.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

const keyValidator = withZod(adminApiKeySchema);
const formId = "admin-api-key";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { keys: await listAdminApiKeys(), ...(await pageTitle(request, "admin.apiKeys.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Create answers the page with the new key, shown this once (never stored, never cached); revoke redirects with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "revoke") {
    const id = String(form.get("id") ?? "");
    const revoked = mayBeStoredId(id) ? await revokeAdminApiKey(admin, id) : null;
    const page = new URL(request.url).pathname;
    if (!revoked) return redirectWithToast(page, { type: "error", message: "admin.apiKeys.notFound" });
    return redirectWithToast(page, { type: "success", message: "admin.apiKeys.revoked", values: { name: revoked.name } });
  }
  const result = await keyValidator.validate(form);
  if (result.error) return validationFailure(result.error, result.submittedData);
  const created = await createAdminApiKey(admin, result.data);
  return data({ created: { name: result.data.name, key: created.key } }, { headers: { "Cache-Control": "no-store" } });
}

function CreatedKey({ name, value }: { name: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t("admin.apiKeys.createdTitle", { name })} data-testid="created-admin-key" role="status">
      <Text size="sm" mb="xs">
        {t("admin.apiKeys.createdLead")}
      </Text>
      <SecretValue value={value} label={t("admin.apiKeys.key")} testId="created-admin-key-value" />
    </Alert>
  );
}

function CreateKeyForm() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="create-admin-key-title">
      <Title order={2} size="h3" id="create-admin-key-title" mb="sm">
        {t("admin.apiKeys.createTitle")}
      </Title>
      <ValidatedForm
        validator={keyValidator}
        method="post"
        id={formId}
        noValidate
        resetAfterSubmit
        aria-label={t("admin.apiKeys.formLabel")}
      >
        <input type="hidden" name="intent" value="create" />
        <Stack gap="sm" maw={480}>
          <TextField name="name" label={t("admin.apiKeys.name")} required />
          <SelectField
            name="scope"
            label={t("admin.apiKeys.scope")}
            required
            options={adminApiKeyScopes.map((scope) => ({ value: scope, label: t(`admin.apiKeys.scopes.${scope}`) }))}
          />
          <Group>
            <SubmitButton formId={formId} label={t("admin.apiKeys.create")} busyLabel={t("admin.apiKeys.creating")} />
          </Group>
        </Stack>
      </ValidatedForm>
    </Card>
  );
}

function RevokeButton({ apiKey }: { apiKey: AdminApiKeySummary }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="id" value={apiKey.id} />
      <Button
        type="submit"
        name="intent"
        value="revoke"
        size="compact-sm"
        variant="light"
        color="red"
        aria-label={t("admin.apiKeys.revokeLabel", { name: apiKey.name })}
        loading={navigation.formData?.get("id") === apiKey.id}
      >
        {t("admin.apiKeys.revoke")}
      </Button>
    </Form>
  );
}

function KeysTable({ keys }: { keys: AdminApiKeySummary[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => <time dateTime={value}>{formatDateTime(value, i18n.language)}</time>;
  return (
    <TableScroll minWidth={900}>
      <Table striped withTableBorder data-testid="admin-api-keys-table">
        <Table.Caption>{t("admin.apiKeys.caption", { count: keys.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("admin.apiKeys.name")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.scope")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.hint")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.created")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.createdBy")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.lastUsed")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.state")}</Table.Th>
            <Table.Th scope="col">{t("admin.apiKeys.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="admin-api-key-row" data-state={key.state}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{key.name}</Table.Td>
              <Table.Td>{t(`admin.apiKeys.scopes.${key.scope}`)}</Table.Td>
              <Table.Td>
                <Code>{key.hint}</Code>
              </Table.Td>
              <Table.Td>{date(key.createdAt)}</Table.Td>
              <Table.Td>{key.createdBy}</Table.Td>
              <Table.Td>{key.lastUsedAt ? date(key.lastUsedAt) : t("admin.apiKeys.never")}</Table.Td>
              <Table.Td>
                <Badge color={key.state === "active" ? "green" : "gray"} variant="light">
                  {t(`admin.apiKeys.states.${key.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{key.state === "active" ? <RevokeButton apiKey={key} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export default function AdminApiKeysPage() {
  const { keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const created = actionData && "created" in actionData ? actionData.created : null;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t("admin.apiKeys.title")}</Title>
        <Text>{t("admin.apiKeys.lead")}</Text>
        <Anchor href="/dashboard/admin/api-keys/openapi.json" download="provisioning-openapi.json" data-testid="openapi-link">
          {t("admin.apiKeys.openapi")}
        </Anchor>
      </div>
      {created ? <CreatedKey name={created.name} value={created.key} /> : null}
      <CreateKeyForm />
      <section aria-labelledby="admin-api-keys-list-title">
        <Title order={2} size="h3" id="admin-api-keys-list-title" mb="sm">
          {t("admin.apiKeys.listTitle")}
        </Title>
        {keys.length === 0 ? <NoRecords /> : <KeysTable keys={keys} />}
      </section>
    </Stack>
  );
}
