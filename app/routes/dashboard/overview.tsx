import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/modules/auth/guards.server";
import { listOwnSubscriptions } from "~/modules/auth/own-subscriptions.server";
import { isOpenEnded, subscriptionState, type SubscriptionState } from "~/modules/auth/subscription-state";
import { getCatalog } from "~/modules/catalog/source.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [subscriptions, layout] = await Promise.all([listOwnSubscriptions(user.id), getCatalog().econLayout()]);
  const databaseName = (id: string) => layout.find((database) => database.id === id)?.name ?? id;
  const now = Date.now();
  return {
    name: user.firstName || user.username,
    platform: user.platform,
    subscriptions: subscriptions.map((subscription) => ({
      ...subscription,
      openEnded: isOpenEnded(subscription.endsAt),
      state: subscriptionState(subscription, now),
      databases: subscription.databases?.map(databaseName) ?? null,
    })),
    ...(await pageTitle(request, "dashboard.overview")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Dates of subscriptions, in UTC so the server and the browser render the same text. */
function formatDay(value: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(value));
}

const stateColors = { active: "teal.9", ending: "orange.9", ended: "gray.8", upcoming: "blue.9" } as const;

function StateBadge({ state, startsAt }: { state: SubscriptionState; startsAt: string }) {
  const { t, i18n } = useTranslation();
  const label = {
    active: () => t("account.subscription.stateActive"),
    ending: () => t("account.subscription.stateEnding", { count: state.state === "ending" ? state.daysLeft : 0 }),
    ended: () => t("account.subscription.stateEnded"),
    upcoming: () => t("account.subscription.stateUpcoming", { date: formatDay(startsAt, i18n.language) }),
  }[state.state]();
  return (
    <Badge color={stateColors[state.state]} variant="filled">
      {label}
    </Badge>
  );
}

export default function DashboardOverviewPage() {
  const { name, platform, subscriptions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const day = (value: string) => formatDay(value, i18n.language);
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
        {subscriptions.length === 0 ? (
          <Text>{t("dashboard.noSubscriptions")}</Text>
        ) : (
          <Stack gap="md">
            <List spacing="md" listStyleType="none" data-testid="subscriptions">
              {subscriptions.map((subscription) => (
                <List.Item key={subscription.id} data-testid={`subscription-${subscription.product}`}>
                  <Stack gap={4}>
                    <Group gap="sm">
                      <Text fw={600}>{t(`dashboard.products.${subscription.product}`)}</Text>
                      <StateBadge state={subscription.state} startsAt={subscription.startsAt} />
                    </Group>
                    <Text size="sm">
                      {t("account.subscription.starts", { date: day(subscription.startsAt) })} ·{" "}
                      {subscription.openEnded
                        ? t("account.subscription.openEnded")
                        : t(subscription.state.state === "ended" ? "account.subscription.ended" : "account.subscription.ends", {
                            date: day(subscription.endsAt),
                          })}
                    </Text>
                    {subscription.product === "macroeconomic" ? (
                      <Text size="sm">
                        {t("account.subscription.databases", {
                          list: subscription.databases ? subscription.databases.join(", ") : t("account.subscription.allDatabases"),
                        })}
                      </Text>
                    ) : null}
                  </Stack>
                </List.Item>
              ))}
            </List>
            <Text size="sm" data-testid="subscription-end">
              {t("account.subscription.atEnd")}
            </Text>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
