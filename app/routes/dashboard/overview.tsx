import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/modules/auth/guards.server";
import { subscriptionProducts } from "~/modules/auth/platforms";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    name: user.firstName || user.username,
    platform: user.platform,
    subscriptions: user.subscriptions,
    ...(await pageTitle(request, "dashboard.overview")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function DashboardOverviewPage() {
  const { name, platform, subscriptions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const active = subscriptionProducts.filter((product) => subscriptions[product]);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("dashboard.welcome", { name })}</Title>
        <Text>{t("dashboard.signedInOn", { platform: t(`auth.platforms.${platform}.name`) })}</Text>
      </div>
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="sm">
          {t("dashboard.subscriptionsTitle")}
        </Title>
        {active.length === 0 ? (
          <Text>{t("dashboard.noSubscriptions")}</Text>
        ) : (
          <List spacing="xs" listStyleType="none">
            {active.map((product) => (
              <List.Item key={product}>
                <Group gap="sm">
                  <Text>{t(`dashboard.products.${product}`)}</Text>
                  <Badge color="teal.9" variant="filled">
                    {t("dashboard.subscriptionActive")}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
