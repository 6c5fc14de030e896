import { Alert, Card, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { DetailsCard } from "~/components/layout/details-card";
import { SubmitButton } from "~/components/forms/submit-button";
import { decodeTokenAsAdmin } from "~/modules/admin/audited-reads.server";
import { requireTokenDecoder } from "~/modules/auth/guards.server";
import { tokenDecoderSchema, type ServiceLookup, type TokenDecoding } from "~/modules/auth/token-decoder";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { translateMessage } from "~/modules/forms/messages";
import { submitThenChange } from "~/modules/forms/validation-behavior";

const decoderValidator = withZod(tokenDecoderSchema);
const formId = "token-decoder";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTokenDecoder(request);
  return pageTitle(request, "admin.tokenDecoder.title");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** A POST, so the token stays out of addresses and logs; the answer names it by its hint only, never the whole token. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireTokenDecoder(request);
  const result = await decoderValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, {});
  return { decoding: await decodeTokenAsAdmin(admin, result.data.token) };
}

function TokenField() {
  const { t } = useTranslation();
  const { error, getInputProps } = useField("token", { formId, validationBehavior: submitThenChange });
  return (
    <TextInput
      {...getInputProps({ id: "field-token" })}
      label={t("admin.tokenDecoder.token")}
      withAsterisk
      error={error ? translateMessage(t, error) : undefined}
      autoComplete="off"
      spellCheck={false}
      data-1p-ignore
      data-lpignore="true"
      w={620}
      maw="100%"
    />
  );
}

function ServicesCard({ services }: { services: ServiceLookup[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t("admin.tokenDecoder.servicesTitle")} data-testid="token-services">
      <Title order={2} size="h4" mb="xs">
        {t("admin.tokenDecoder.servicesTitle")}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {services.map((service) => {
            const name = t(`auth.platforms.${service.platform}.name`);
            return (
              <Table.Tr key={service.platform} data-testid={`service-${service.platform}`}>
                <Table.Th scope="row" w="40%">
                  {name}
                </Table.Th>
                <Table.Td>
                  {service.found
                    ? t("admin.tokenDecoder.found", {
                        kind: t(`admin.tokenDecoder.kinds.${service.kind}`),
                        status: t(`admin.tokenDecoder.statuses.${service.status}`),
                      })
                    : t("admin.tokenDecoder.notFound", { service: name })}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function DecodingResult({ decoding }: { decoding: TokenDecoding }) {
  const { t } = useTranslation();
  if (!decoding.found) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title={t("admin.tokenDecoder.invalid")} data-testid="token-invalid">
          {t(decoding.reason === "malformed" ? "admin.tokenDecoder.malformed" : "admin.tokenDecoder.unknown")}
        </Alert>
        {decoding.reason === "unknown" ? <ServicesCard services={decoding.services} /> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <DetailsCard
        title={t("admin.tokenDecoder.ownerTitle")}
        testId="token-owner"
        rows={[
          [t("admin.tokenDecoder.hint"), decoding.hint],
          [t("admin.tokenDecoder.username"), decoding.username],
          [t("admin.tokenDecoder.userId"), decoding.userId],
        ]}
      />
      <ServicesCard services={decoding.services} />
    </Stack>
  );
}

export default function TokenDecoderPage() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const decoding = actionData && "decoding" in actionData ? actionData.decoding : null;
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>{t("admin.tokenDecoder.title")}</Title>
        <Text>{t("admin.tokenDecoder.lead")}</Text>
      </div>
      <ValidatedForm validator={decoderValidator} method="post" id={formId} noValidate aria-label={t("admin.tokenDecoder.formLabel")}>
        <Group align="flex-start" gap="sm">
          <TokenField />
          <Group mt={25}>
            <SubmitButton formId={formId} label={t("admin.tokenDecoder.decode")} busyLabel={t("admin.tokenDecoder.decoding")} />
          </Group>
        </Group>
      </ValidatedForm>
      {decoding ? <DecodingResult decoding={decoding} /> : null}
    </Stack>
  );
}
