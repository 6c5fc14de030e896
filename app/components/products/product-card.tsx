import { Anchor, Card, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { getFamily, productPath, type Product } from "~/modules/registry/registry";

export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation();
  const name = t(`products.${product.id}.name`);
  return (
    <Card withBorder padding="lg" data-theme-family={getFamily(product.family).theme}>
      <Title order={3} size="h4" mb="xs">
        {name}
      </Title>
      <Text mb="md">{t(`products.${product.id}.tagline`)}</Text>
      <Anchor component={AppLink} to={productPath(product)} mt="auto">
        {t("home.learnMore", { name })}
      </Anchor>
    </Card>
  );
}
