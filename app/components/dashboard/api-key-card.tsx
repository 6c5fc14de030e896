import { SecretValue } from "~/components/layout/secret-value";
import { Alert, Anchor, Button, Card, Code, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApiKeySummary, KeyVerification } from "~/modules/auth/api-keys.server";
import type { Platform } from "~/modules/registry/registry";

export interface TokenActionData {
  error?: string;
  confirm?: Platform;
  generated?: { platform: Platform; key: string };
  verification?: { platform: Platform } & KeyVerification;
  verifyError?: { platform: Platform; message: string };
}

interface ApiKeyCardProps {
  platform: Platform;
  current: ApiKeySummary | undefined;
  actionData: TokenActionData | undefined;
}

function formatDate(value: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value));
}

/** One platform's key: masked current key, generate (with a confirmation before replacing), verify. */
export function ApiKeyCard({ platform, current, actionData }: ApiKeyCardProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const generated = actionData?.generated?.platform === platform ? actionData.generated.key : null;
  const verification = actionData?.verification?.platform === platform ? actionData.verification : null;
  const verifyError = actionData?.verifyError?.platform === platform ? actionData.verifyError.message : null;
  const confirming = actionData?.confirm === platform;
  const titleId = `key-${platform}`;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={`key-card-${platform}`}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t(`auth.platforms.${platform}.name`)}
      </Title>
      <Stack gap="md">
        {current && !generated ? (
          <div>
            <Text fw={600}>{t("tokens.currentKey")}</Text>
            <Code data-testid="masked-key">{current.hint}</Code>
            <Text size="sm">
              {t("tokens.created", { date: formatDate(current.createdAt, i18n.language) })} ·{" "}
              {current.lastUsedAt ? t("tokens.lastUsed", { date: formatDate(current.lastUsedAt, i18n.language) }) : t("tokens.neverUsed")}
            </Text>
          </div>
        ) : null}
        {!current && !generated ? <Text>{t("tokens.noKey")}</Text> : null}
        {generated ? (
          <Alert color="green" title={t("tokens.newKey")} data-testid="new-key">
            <Text size="sm" mb="xs">
              {t("tokens.newKeyText")}
            </Text>
            <SecretValue value={generated} label={t("tokens.newKey")} testId="new-key-value" />
          </Alert>
        ) : null}
        {confirming ? (
          <Alert color="orange" title={t("tokens.confirmTitle")} role="alertdialog" data-testid="confirm-regenerate">
            <Text size="sm" mb="sm">
              {t("tokens.confirmText")}
            </Text>
            <Group>
              <Form method="post">
                <input type="hidden" name="platform" value={platform} />
                <input type="hidden" name="confirm" value="yes" />
                <Button type="submit" name="intent" value="generate" color="red.9">
                  {t("tokens.confirm")}
                </Button>
              </Form>
              <Anchor href={pathname}>{t("tokens.cancel")}</Anchor>
            </Group>
          </Alert>
        ) : (
          <Form method="post">
            <input type="hidden" name="platform" value={platform} />
            <Button type="submit" name="intent" value="generate">
              {current ? t("tokens.regenerate") : t("tokens.generate")}
            </Button>
          </Form>
        )}
        <Form method="post" noValidate>
          <input type="hidden" name="platform" value={platform} />
          <Title order={3} size="h5" mb="xs">
            {t("tokens.verifyTitle")}
          </Title>
          <Group align="flex-end">
            <TextInput
              name="token"
              id={`token-${platform}`}
              label={t("tokens.token")}
              error={verifyError ? t(verifyError) : undefined}
              style={{ flex: 1 }}
              autoComplete="off"
            />
            <Button type="submit" name="intent" value="verify" variant="outline">
              {t("tokens.verify")}
            </Button>
          </Group>
        </Form>
        {verification ? (
          <Alert color={verification.valid ? "green" : "red"} role="status" data-testid="verification">
            {verification.valid ? t("tokens.valid") : t(`tokens.invalid.${verification.reason}`)}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
