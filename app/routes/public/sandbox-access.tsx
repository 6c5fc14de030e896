import { SecretValue } from "~/components/layout/secret-value";
import { Alert, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { accessLinkState, exchangeAccessToken } from "~/modules/sandbox/access-link.server";
import { describeExchangeFailure, type ExchangeFailure } from "~/modules/sandbox/registration-outcome";
import { SANDBOX_DOCS_PATH, SANDBOX_PRODUCT_PATH, SANDBOX_QUERY_BUILDER_PATH, SANDBOX_USAGE_PATH } from "~/modules/sandbox/sandbox-paths";
import { readSandboxTrialKey, sandboxTrialKeyCookie } from "~/modules/sandbox/trial-cookie.server";

/**
 * The e-mailed access link /api-products/econ/sandbox/{token}. Opening it changes nothing (a mail scanner that
 * fetches links must not use up the key): the page offers "Show my trial key", whose post issues the key once,
 * shows it, and hands it to this browser in the trial cookie for the sandbox docs and the query builder. A link
 * whose key was shown says so; an expired link answers 410, an unknown one 404, both offering to register again.
 */

/** The token is a credential: no cache keeps these pages and no other site learns their URL (Referer). */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await accessLinkState(params.token ?? "");
  const state = found.status === "open" ? { status: found.status, linkExpiresAt: found.linkExpiresAt } : found;
  const holdsKey = (await readSandboxTrialKey(request)) !== null;
  // A link whose key was shown is a page to read, not an error: only expired (410) and unknown (404) links fail.
  const status = state.status === "expired" || state.status === "unknown" ? describeExchangeFailure(state.status).httpStatus : 200;
  return data({ state, holdsKey, ...(await pageTitle(request, "sandbox.access.title")) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => pageMeta(loaded?.title, loaded?.siteName);

export async function action({ params }: ActionFunctionArgs) {
  const exchange = await exchangeAccessToken(params.token ?? "");
  if (exchange.status !== "issued") {
    return data({ issued: null, failure: exchange.status }, { status: describeExchangeFailure(exchange.status).httpStatus });
  }
  const cookie = await sandboxTrialKeyCookie(exchange.key);
  return data({ issued: { key: exchange.key, expiresAt: exchange.expiresAt }, failure: null }, { headers: { "Set-Cookie": cookie } });
}

/** The link's end in UTC, the same for every reader and on the server and in the browser. */
function formatDate(value: string, language: string): string {
  return `${new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value))} UTC`;
}

function OnwardLinks() {
  const { t } = useTranslation();
  return (
    <Group>
      <Button component={AppLink} to={SANDBOX_DOCS_PATH}>
        {t("sandbox.access.openDocs")}
      </Button>
      <Button component={AppLink} to={SANDBOX_QUERY_BUILDER_PATH} variant="light">
        {t("sandbox.access.openBuilder")}
      </Button>
      <Button component={AppLink} to={SANDBOX_USAGE_PATH} variant="subtle">
        {t("usagePage.trialLink")}
      </Button>
    </Group>
  );
}

function RegisterAgain() {
  const { t } = useTranslation();
  return (
    <Button component={AppLink} to={`${SANDBOX_PRODUCT_PATH}#register`} variant="outline" w="fit-content">
      {t("sandbox.access.registerAgain")}
    </Button>
  );
}

function IssuedKey({ issued }: { issued: { key: string; expiresAt: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green" title={t("sandbox.access.keyTitle")} data-testid="trial-key">
        <Text size="sm" mb="xs">
          {t("sandbox.access.keyLead", { expiry: formatDate(issued.expiresAt, i18n.language) })}
        </Text>
        <SecretValue value={issued.key} label={t("sandbox.access.keyLabel")} testId="trial-key-value" />
      </Alert>
      <OnwardLinks />
    </Stack>
  );
}

function LinkState({
  state,
  holdsKey,
}: {
  state: { status: "open"; linkExpiresAt: string } | { status: ExchangeFailure };
  holdsKey: boolean;
}) {
  const { t, i18n } = useTranslation();
  switch (state.status) {
    case "open":
      return (
        <Stack gap="md">
          <Text>{t("sandbox.access.openLead", { expiry: formatDate(state.linkExpiresAt, i18n.language) })}</Text>
          <Form method="post">
            <Button type="submit">{t("sandbox.access.show")}</Button>
          </Form>
        </Stack>
      );
    case "used":
      return (
        <Stack gap="md">
          <Alert color="blue" title={t("sandbox.access.used")} data-testid="link-used">
            {t("sandbox.access.usedText")}
          </Alert>
          {holdsKey ? (
            <>
              <Text>{t("sandbox.access.holdsKey")}</Text>
              <OnwardLinks />
            </>
          ) : null}
          <RegisterAgain />
        </Stack>
      );
    case "expired":
    case "unknown":
      return (
        <Stack gap="md">
          <Alert color="orange" title={t(`sandbox.access.${state.status}`)} data-testid={`link-${state.status}`}>
            {t(`sandbox.access.${state.status}Text`)}
          </Alert>
          <RegisterAgain />
        </Stack>
      );
  }
}

export default function SandboxAccessPage() {
  const { state, holdsKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg">
        <Title order={1} mb="md">
          {t("sandbox.access.title")}
        </Title>
        {actionData?.issued ? <IssuedKey issued={actionData.issued} /> : <LinkState state={state} holdsKey={holdsKey} />}
      </Card>
    </Container>
  );
}
