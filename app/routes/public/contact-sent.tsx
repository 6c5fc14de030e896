import { Button, Card, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { localizePathFor } from "~/modules/i18n/language";
import { readOutcome } from "~/modules/toast/outcome.server";

/** The visitor's own address: no shared cache keeps the page. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Where a sent contact message ends: what happens next. Without a message sent from this browser, the contact page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await readOutcome(request, "contact-sent");
  if (!outcome) throw redirect(localizePathFor(request, "/contact"));
  return { email: outcome.email, ...(await pageTitle(request, "contact.outcome.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function ContactSentPage() {
  const { email } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg" data-testid="contact-sent">
        <Title order={1}>{t("contact.outcome.title")}</Title>
        <Text size="lg">{t("contact.sent")}</Text>
        <Card withBorder padding="lg" component="section" aria-labelledby="contact-next">
          <Title order={2} size="h3" mb="sm" id="contact-next">
            {t("contact.outcome.nextTitle")}
          </Title>
          <List spacing="xs">
            <List.Item>{t("contact.outcome.reply", { email })}</List.Item>
            <List.Item>{t("contact.outcome.spam")}</List.Item>
          </List>
        </Card>
        <Group>
          <Button component={AppLink} to="/docs">
            {t("contact.outcome.docs")}
          </Button>
          <Button component={AppLink} to="/contact" variant="light">
            {t("contact.outcome.another")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
