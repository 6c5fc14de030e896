import { Anchor, Card, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { formatDateTime } from "~/components/layout/format";
import type { InitialDump } from "~/modules/feeds/initial-dump.server";

interface FeedFirstRunProps {
  created: string;
  initialDump: InitialDump | null;
  /** The dump's details page at this place; null where the product has no dump pages (its state is shown instead). */
  dumpPath: string | null;
}

/** What each run of the feed delivers, and the dump of the current data it started with (issue 27). */
export function FeedFirstRun({ created, initialDump, dumpPath }: FeedFirstRunProps) {
  const { t, i18n } = useTranslation();
  const status = initialDump ? t(`dumps.statuses.${initialDump.status}`, { defaultValue: initialDump.status }) : "";
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="feed-first-run-title" data-testid="feed-first-run">
      <Title order={2} size="h4" mb="xs" id="feed-first-run-title">
        {t("feedStart.title")}
      </Title>
      <Text size="sm">{t("feedStart.runs", { created: formatDateTime(created, i18n.language) })}</Text>
      {initialDump ? (
        <Text size="sm" mt="xs">
          {t("feedStart.withDump")}{" "}
          {dumpPath ? (
            <Anchor component={AppLink} to={dumpPath} data-testid="initial-dump-link">
              {t("feedStart.dumpLink", { status })}
            </Anchor>
          ) : (
            <span data-testid="initial-dump-link">{t("feedStart.dumpLink", { status })}</span>
          )}
        </Text>
      ) : (
        <Text size="sm" mt="xs">
          {t("feedStart.withoutDump")}
        </Text>
      )}
    </Card>
  );
}
