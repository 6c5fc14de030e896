import { Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { QuickSearch, QuickSearchButton } from "~/components/docs/quick-search";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { docSetPath, docSets, families } from "~/modules/registry/registry";
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
        <div>
          <QuickSearchButton className="quick-search-open-inline" />
        </div>
      </Stack>
      <QuickSearch searchPage="/search" />
      {/* Grouped by product family, as the products page is; each card says what its API is. */}
      {families.map((family) => (
        <section key={family.id} aria-labelledby={`docs-family-${family.id}`} data-testid="docs-family">
          <Title order={2} id={`docs-family-${family.id}`} mt="xl" mb="md">
            {t(`products.familyHeading.${family.id}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {docSets
              .filter((set) => set.family === family.id)
              .map((set) => (
                <Card
                  key={set.id}
                  withBorder
                  padding="lg"
                  h="100%"
                  component={AppLink}
                  to={docSetPath(set)}
                  className="link-card"
                  data-testid="docs-card"
                >
                  <Title order={3} size="h4">
                    {t(`products.docSetNames.${set.id}`)}
                  </Title>
                  <Text size="sm" mt="xs">
                    {t(`docs.setSummaries.${set.id}`)}
                  </Text>
                </Card>
              ))}
          </SimpleGrid>
        </section>
      ))}
    </Container>
  );
}
