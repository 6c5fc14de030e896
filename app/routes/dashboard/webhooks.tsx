import { Alert, Anchor, Button, Card, Code, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { SelectField } from "~/components/forms/form-fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { AppLink } from "~/components/layout/app-link";
import { formatDateTime } from "~/components/layout/format";
import { SecretValue } from "~/components/layout/secret-value";
import { requireUser } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { previousSecretUntil, rotateWebhookSecret, webhookSecret } from "~/modules/delivery/webhook-secrets.server";
import { rotateWebhookSecretSchema, webhookTestSchema } from "~/modules/feeds/webhook-schemas";
import { sendTestWebhook, webhookTargets, type TestOutcome } from "~/modules/feeds/webhooks.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";

const ROTATE_FORM = "rotate-webhook-secret";
const TEST_FORM = "webhook-test";
const rotateValidator = withZod(rotateWebhookSecretSchema);
const testValidator = withZod(webhookTestSchema);

type WebhooksActionData = { secret?: string; rotated?: boolean; test?: TestOutcome; error?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const targets = await webhookTargets(user.id);
  return {
    targets: targets.map((target) => `${target.method} ${target.url}`),
    previousUntil: await previousSecretUntil(user.id),
    ...(await pageTitle(request, "webhooks.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    // Shown on demand, in the answer to this POST only: never in the page's loader data.
    case "reveal":
      return data<WebhooksActionData>({ secret: await webhookSecret(user.id) });
    case "rotate": {
      const result = await rotateValidator.validate(form);
      if (result.error) return validationFailure(result.error, result.submittedData);
      return data<WebhooksActionData>({ secret: await rotateWebhookSecret(user.id), rotated: true });
    }
    case "test": {
      const result = await testValidator.validate(form);
      if (result.error) return validationFailure(result.error, result.submittedData);
      const outcome = await sendTestWebhook(user.id, result.data.target);
      if (!outcome)
        return validationFailure({ formId: TEST_FORM, fieldErrors: { target: "webhooks.unknownTarget" } }, result.submittedData);
      return data<WebhooksActionData>({ test: outcome });
    }
    default:
      return data<WebhooksActionData>({ error: "tokens.unknownIntent" }, { status: 400 });
  }
}

export default function WebhooksPage() {
  const { targets, previousUntil } = useLoaderData<typeof loader>();
  const actionData = useActionData<WebhooksActionData>();
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{t("webhooks.title")}</Title>
        <Text>{t("webhooks.lead")}</Text>
        <Anchor component={AppLink} to="/faq#signed-webhooks">
          {t("webhooks.howToVerify")}
        </Anchor>
      </div>
      {actionData?.error ? (
        <Alert color="red" role="alert">
          {t(actionData.error)}
        </Alert>
      ) : null}
      <Card withBorder padding="lg" component="section" aria-labelledby="signing-secret">
        <Title order={2} size="h3" id="signing-secret" mb="sm">
          {t("webhooks.secretTitle")}
        </Title>
        <Stack gap="md">
          {actionData?.secret ? (
            <Alert
              color={actionData.rotated ? "green" : "blue"}
              title={actionData.rotated ? t("webhooks.rotated") : undefined}
              data-testid="webhook-secret"
            >
              <SecretValue value={actionData.secret} label={t("webhooks.secretTitle")} testId="webhook-secret-value" />
            </Alert>
          ) : (
            <Form method="post">
              <Stack gap="xs" align="flex-start">
                <Code data-testid="masked-secret">whsec_••••••••</Code>
                <Button type="submit" name="intent" value="reveal" variant="light">
                  {t("webhooks.reveal")}
                </Button>
              </Stack>
            </Form>
          )}
          {previousUntil ? (
            <Text size="sm" data-testid="previous-secret">
              {t("webhooks.previousUntil", { date: formatDateTime(previousUntil, i18n.language) })}
            </Text>
          ) : null}
          <ValidatedForm validator={rotateValidator} method="post" id={ROTATE_FORM} noValidate>
            <input type="hidden" name="intent" value="rotate" />
            <Stack gap="xs">
              <Text size="sm">{t("webhooks.rotateText")}</Text>
              <SubmitButton formId={ROTATE_FORM} label={t("webhooks.rotate")} />
            </Stack>
          </ValidatedForm>
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="test-event">
        <Title order={2} size="h3" id="test-event" mb="sm">
          {t("webhooks.testTitle")}
        </Title>
        {targets.length === 0 ? (
          <Text data-testid="no-webhooks">{t("webhooks.noTargets")}</Text>
        ) : (
          <ValidatedForm validator={testValidator} method="post" id={TEST_FORM} noValidate>
            <input type="hidden" name="intent" value="test" />
            <Stack gap="md">
              <SelectField
                name="target"
                label={t("webhooks.target")}
                required
                options={targets.map((target) => ({ value: target, label: target }))}
              />
              <SubmitButton formId={TEST_FORM} label={t("webhooks.send")} busyLabel={t("webhooks.sending")} />
            </Stack>
          </ValidatedForm>
        )}
        {actionData?.test ? (
          <Alert mt="md" color={actionData.test.ok ? "green" : "red"} role="status" data-testid="test-outcome">
            {actionData.test.ok
              ? t("webhooks.answered", { status: actionData.test.status })
              : t("webhooks.failed", { reason: actionData.test.reason })}
          </Alert>
        ) : null}
      </Card>
    </Stack>
  );
}
