import { Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { contactKinds } from "~/modules/contact/contact-schemas";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "contact.title");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("contact.title")}</Title>
        <Text size="lg">{t("contact.lead")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {contactKinds.map((kind) => (
          <Card key={kind} withBorder padding="lg" component={AppLink} to={`/contact/${kind}`} className="link-card">
            <Title order={2} size="h4" mb="xs">
              {t(`contact.kinds.${kind}.title`)}
            </Title>
            <Text>{t(`contact.kinds.${kind}.description`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
