import { Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { docSetPath, docSets } from "~/modules/registry/registry";
import type { HydrationHandle } from "~/modules/hydration/deferred-hydration";

/** A page of links with no island, so, like a set's pages (doc-set-layout.tsx), it reads without React and Remix. */
export const handle: HydrationHandle = { deferHydration: true };

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "docs.indexTitle");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function DocsIndexPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("docs.indexTitle")}</Title>
        <Text size="lg">{t("docs.indexLead")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {docSets.map((set) => (
          <Card key={set.id} withBorder padding="lg" component={AppLink} to={docSetPath(set)} className="link-card">
            <Title order={2} size="h4">
              {t(`products.docSetNames.${set.id}`)}
            </Title>
            <Text size="sm" c="dimmed">
              {docSetPath(set)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
