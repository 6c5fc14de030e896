import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { ProductCard } from "~/components/products/product-card";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { products } from "~/modules/registry/registry";

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "home.title");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

const deliveryModes = ["api", "feeds", "dumps"] as const;

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <Container size="lg" py={64}>
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
