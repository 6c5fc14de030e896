import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { ProductCard } from "~/components/products/product-card";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { dataApiBaseUrl } from "~/modules/data-api/client.server";
import { products } from "~/modules/registry/registry";

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await pageTitle(request, "home.title")), sandboxUrl: dataApiBaseUrl("sandbox") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

const deliveryModes = ["api", "feeds", "dumps"] as const;

/** The sandbox specification's example answer to a series search (content/specs/sandbox.json), shortened. */
const sampleResponse = `{
  "total": 1342,
  "offset": 0,
  "limit": 100,
  "data": [
    {
      "id": "210987654",
      "name": "Real GDP: Year on Year Growth",
      "frequency": "quarterly",
      "unit": "% YoY",
      "country": "CN",
      "end_date": "2024-12-31"
    }
  ]
}`;

/** Beside the hero's text from 992 px: a sandbox call and its answer, what a developer gets in a minute. */
function HeroSample({ sandboxUrl }: { sandboxUrl: string }) {
  const { t } = useTranslation();
  return (
    <Box component="figure" className="hero-sample" visibleFrom="md" m={0}>
      <figcaption className="hero-sample-caption">{t("home.sampleCaption")}</figcaption>
      <p className="hero-sample-label">{t("home.sampleRequest")}</p>
      <pre>{`curl "${sandboxUrl}/series/search?keyword=gdp&country=CN&token=$TRIAL_KEY"`}</pre>
      <p className="hero-sample-label">{t("home.sampleResponse")}</p>
      <pre>{sampleResponse}</pre>
    </Box>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { sandboxUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero">
        <Container size="lg" py={64} className="hero-inner">
          <Stack gap="lg" maw={760}>
            <Title order={1} fz={{ base: 32, md: 44 }}>
              {t("home.title")}
            </Title>
            <Text size="lg">{t("home.lead")}</Text>
            <Group>
              <Button component={AppLink} to="/api-products" size="md">
                {t("home.exploreProducts")}
              </Button>
              <Button component={AppLink} to="/api-products/econ/sandbox" size="md" variant="outline">
                {t("home.trySandbox")}
              </Button>
            </Group>
          </Stack>
          <HeroSample sandboxUrl={sandboxUrl} />
        </Container>
      </section>
      <Container size="lg" py="xl">
        <Title order={2} mb="md">
          {t("home.productsHeading")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
        <Title order={2} mt={48} mb="md">
          {t("home.howHeading")}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {deliveryModes.map((mode) => (
            <Card key={mode} withBorder padding="lg">
              <Title order={3} size="h4" mb="xs">
                {t(`home.how.${mode}.title`)}
              </Title>
              <Text>{t(`home.how.${mode}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Card withBorder padding="lg" mt={48}>
          <Title order={2} size="h3" mb="xs">
            {t("home.supportHeading")}
          </Title>
          <Text mb="md">{t("home.supportText")}</Text>
          <Button component={AppLink} to="/contact" variant="light" w="fit-content">
            {t("home.contactUs")}
          </Button>
        </Card>
      </Container>
    </>
  );
}
