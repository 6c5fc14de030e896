import { Anchor, Button, Card, Container, Grid, Group, List, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { SandboxRegistrationForm } from "~/components/sandbox/sandbox-registration-form";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { notFound } from "~/modules/http/responses";
import { docSetPath, findProduct, getDocSet, productPath, products } from "~/modules/registry/registry";
import { sandboxFormData, sandboxRegistrationAction } from "~/modules/sandbox/registration-form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = findProduct(params.vendor ?? "", params.product ?? "");
  if (!product) throw notFound();
  const sandboxForm = product.id === "sandbox" ? await sandboxFormData(request) : null;
  return { productId: product.id, sandboxForm, ...(await pageTitle(request, `products.${product.id}.name`)) };
}

/** Only the sandbox's page posts: its registration form. */
export async function action({ request, params }: ActionFunctionArgs) {
  const product = findProduct(params.vendor ?? "", params.product ?? "");
  if (!product) throw notFound();
  if (product.id !== "sandbox") throw new Response("Method Not Allowed", { status: 405 });
  return sandboxRegistrationAction(request);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function ApiProductPage() {
  const { productId, sandboxForm } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const product = products.find((candidate) => candidate.id === productId)!;
  const list = (key: string) => t(`products.${product.id}.${key}`, { returnObjects: true }) as string[];
  const sandbox = products.find((candidate) => candidate.id === "sandbox")!;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t(`products.${product.id}.name`)}</Title>
        <Text size="xl" fw={500}>
          {t(`products.${product.id}.tagline`)}
        </Text>
        <Text size="lg">{t(`products.${product.id}.summary`)}</Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={2} size="h3" mb="sm">
              {t("products.coverage")}
            </Title>
            <List spacing="xs">
              {list("coverage").map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={2} size="h3" mb="sm">
              {t("products.features")}
            </Title>
            <List spacing="xs">
              {list("features").map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder padding="lg" mt="lg">
        <Title order={2} size="h3" mb="sm">
          {t("products.access")}
        </Title>
        <Text>{t(`products.${product.id}.access`)}</Text>
      </Card>
      {sandboxForm ? <SandboxRegistrationForm form={sandboxForm} /> : null}
      <Card withBorder padding="lg" mt="lg">
        <Title order={2} size="h3" mb="sm">
          {t("products.documentation")}
        </Title>
        <Group>
          {product.docSets.map((id) => (
            <Button key={id} component={AppLink} to={docSetPath(getDocSet(id))} variant="light">
              {t("products.openDocs", { name: t(`products.docSetNames.${id}`) })}
            </Button>
          ))}
          {product.family === "macroeconomic" && product.id !== "sandbox" ? (
            <Button component={AppLink} to={productPath(sandbox)} variant="outline">
              {t("home.trySandbox")}
            </Button>
          ) : null}
        </Group>
      </Card>
      <Card withBorder padding="lg" mt="lg">
        <Title order={2} size="h3" mb="sm">
          {t("products.support")}
        </Title>
        <Text mb="sm">{t("products.supportText")}</Text>
        <Group>
          <Anchor component={AppLink} to="/contact/business-inquiry">
            {t("products.contactSales")}
          </Anchor>
          <Anchor component={AppLink} to="/contact/report-bug">
            {t("products.reportBug")}
          </Anchor>
        </Group>
      </Card>
    </Container>
  );
}
