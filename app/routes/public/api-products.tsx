import { Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { families, products } from "~/modules/registry/registry";

export async function loader({ request }: LoaderFunctionArgs) {
  return pageTitle(request, "products.indexTitle");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function ApiProductsPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("products.indexTitle")}</Title>
        <Text size="lg">{t("products.indexLead")}</Text>
      </Stack>
      {families.map((family) => (
        <section key={family.id} aria-labelledby={`family-${family.id}`}>
          <Title order={2} id={`family-${family.id}`} mt="xl" mb="md">
            {t(`products.familyHeading.${family.id}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {products
              .filter((product) => product.family === family.id)
              .map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
          </SimpleGrid>
        </section>
      ))}
    </Container>
  );
}
