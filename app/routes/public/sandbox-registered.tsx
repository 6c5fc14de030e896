import { Anchor, Button, Card, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { localizePathFor } from "~/modules/i18n/language";
import { SANDBOX_DOCS_PATH, SANDBOX_PRODUCT_PATH } from "~/modules/sandbox/sandbox-paths";
import { readOutcome } from "~/modules/toast/outcome.server";

/** The visitor's own address: no shared cache keeps the page. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * Where a sandbox registration from a page ends (ux review M3): the address the link went to, the spam folder,
 * when the link expires and how to get another, instead of a notification over an empty form. Without a
 * registration from this browser, the registration form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await readOutcome(request, "sandbox-registered");
  if (!outcome) throw redirect(`${localizePathFor(request, SANDBOX_PRODUCT_PATH)}#register`);
  return { outcome, ...(await pageTitle(request, "sandbox.outcome.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function SandboxRegisteredPage() {
  const { outcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const values = { email: outcome.email, expiry: outcome.expiry };
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg" data-testid="sandbox-registered">
        <Title order={1}>{t("sandbox.outcome.title")}</Title>
        <Text size="lg">{t(outcome.resent ? "sandbox.registeredAgain" : "sandbox.registered", values)}</Text>
        <Card withBorder padding="lg" component="section" aria-labelledby="sandbox-next">
          <Title order={2} size="h3" mb="sm" id="sandbox-next">
            {t("sandbox.outcome.nextTitle")}
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>{t("sandbox.outcome.open", { subject: t("sandbox.mail.subject") })}</List.Item>
            <List.Item>{t("sandbox.outcome.once", values)}</List.Item>
            <List.Item>{t("sandbox.outcome.try")}</List.Item>
          </List>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="sandbox-missing">
          <Title order={2} size="h3" mb="sm" id="sandbox-missing">
            {t("sandbox.outcome.missingTitle")}
          </Title>
          <List spacing="xs">
            <List.Item>{t("sandbox.outcome.spam", values)}</List.Item>
            <List.Item>{t("sandbox.outcome.again")}</List.Item>
          </List>
        </Card>
        <Group>
          <Button component={AppLink} to={SANDBOX_DOCS_PATH}>
            {t("sandbox.outcome.docs")}
          </Button>
          <Anchor component={AppLink} to={`${SANDBOX_PRODUCT_PATH}#register`}>
            {t("sandbox.outcome.otherAddress")}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
