import { Anchor, Badge, Card, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FeedDetails } from "~/modules/feeds/econ.server";
import type { EconOptions } from "~/modules/feeds/econ-pages.server";
import { formatDateTime, optionLabel } from "./econ-format";

type Row = [label: string, value: ReactNode];

function DetailsCard({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value === null || value === "" ? t("econ.common.none") : value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Every stored field of a macroeconomic feed (never its FTP password), its schedule and recent runs. */
export function EconFeedDetailsView({ feed, options }: { feed: FeedDetails; options: EconOptions }) {
  const { t, i18n } = useTranslation();
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const yesNo = (value: boolean | undefined) => t(value ? "econ.common.yes" : "econ.common.no");
  const date = (value: string | null | undefined) => formatDateTime(value, i18n.language);
  const names = (list: readonly { value: string; label: string }[], values: readonly string[] | undefined) =>
    (values ?? []).map((value) => optionLabel(list, value)).join(", ");
  const option = (group: string, value: string | undefined) => (value ? t(`econ.options.${group}.${value}`, { defaultValue: value }) : "");
  const { criteria, options: output, delivery, notification } = feed;

  const general: Row[] = [
    [label("name"), feed.name],
    [label("description"), feed.description],
    [t("econ.feeds.owner"), feed.username],
    [label("frequency"), option("frequency", feed.frequency)],
    [label("status"), <Badge key="status" color={feed.status === "active" ? "green" : "gray"} variant="light">{option("status", feed.status)}</Badge>],
    [t("econ.feeds.created"), date(feed.created)],
  ];
  const schedule: Row[] = [
    [t("econ.feedDetails.nextRun"), date(feed.nextRun) ?? t("econ.feedDetails.notScheduled")],
    [t("econ.feeds.lastRun"), date(feed.lastRun) ?? t("econ.common.never")],
    [t("econ.feedDetails.lastRunStatus"), option("runStatus", feed.lastRunStatus ?? undefined)],
  ];
  const selection: Row[] = [
    [label("database"), criteria.database ? optionLabel(options.databases, criteria.database) : ""],
    [label("seriesIds"), (criteria.seriesIds ?? []).join(", ")],
    [label("keyword"), criteria.keyword ?? ""],
    [label("nameOnly"), yesNo(criteria.nameOnly)],
    [label("seriesFrequency"), (criteria.frequency ?? []).map((value) => option("seriesFrequency", value)).join(", ")],
    [label("country"), names(options.countries, criteria.country)],
    [label("region"), names(options.regions, criteria.region)],
    [label("unit"), names(options.units, criteria.unit)],
    [label("indicator"), names(options.indicators, criteria.indicator)],
    [label("topic"), names(options.topics, criteria.topic)],
    [label("section"), names(options.sections, criteria.section)],
    [label("table"), names(options.tables, criteria.table)],
    [label("source"), names(options.sources, criteria.source)],
    [label("startDateBefore"), criteria.startDateBefore ?? ""],
    [label("endDateAfter"), criteria.endDateAfter ?? ""],
    [label("createdAfter"), criteria.createdAfter ?? ""],
    [label("updatedAfter"), criteria.updatedAfter ?? ""],
    [label("subscribedOnly"), yesNo(criteria.subscribedOnly)],
    [label("keyOnly"), yesNo(criteria.keyOnly)],
    [label("newOnly"), yesNo(output.newOnly)],
    [label("order"), option("order", criteria.order)],
    [label("direction"), option("direction", criteria.direction)],
  ];
  const outputRows: Row[] = [
    [label("format"), option("format", output.format)],
    [label("language"), option("language", output.language)],
    [label("consolidation"), option("consolidation", output.consolidation)],
    [label("fullDump"), yesNo(output.fullDump)],
    [label("metadataOnly"), yesNo(output.metadataOnly)],
  ];
  const deliveryRows: Row[] = [
    [label("deliveryMethod"), option("deliveryMethod", delivery.method)],
    ...(delivery.ftp
      ? ([
          [label("ftpUrl"), delivery.ftp.host],
          [label("ftpPath"), delivery.ftp.path],
          [label("ftpUsername"), delivery.ftp.username],
        ] satisfies Row[])
      : []),
  ];
  const notificationRows: Row[] = [
    [label("notificationEmail"), notification.emails.join(", ")],
    [label("notificationUrl"), notification.url ?? ""],
    [label("notificationMethod"), notification.url ? notification.method : ""],
  ];

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsCard title={t("econ.form.general")} rows={general} testId="details-general" />
        <DetailsCard title={t("econ.feedDetails.schedule")} rows={schedule} testId="details-schedule" />
        <DetailsCard title={t("econ.form.selection")} rows={selection} testId="details-selection" />
        <Stack gap="md">
          <DetailsCard title={t("econ.form.output")} rows={outputRows} testId="details-output" />
          <DetailsCard title={t("econ.form.delivery")} rows={deliveryRows} testId="details-delivery" />
          <DetailsCard title={t("econ.form.notification")} rows={notificationRows} testId="details-notification" />
        </Stack>
      </SimpleGrid>
      <section aria-labelledby="feed-runs-title">
        <Title order={2} size="h3" id="feed-runs-title" mb="xs">
          {t("econ.feedDetails.runs")}
        </Title>
        {feed.runs.length === 0 ? (
          <Text>{t("econ.common.noRecords")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640} type="native">
            <Table striped withTableBorder data-testid="feed-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("econ.feedDetails.started")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.runStatus")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.items")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.file")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {feed.runs.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>{date(run.startedAt)}</Table.Td>
                    <Table.Td>
                      {option("runStatus", run.status)}
                      {run.error ? <Text size="xs" c="red">{run.error}</Text> : null}
                    </Table.Td>
                    <Table.Td>{run.items}</Table.Td>
                    <Table.Td>
                      {run.fileId ? (
                        <Anchor href={`/api/files/${run.fileId}`} download>
                          {t("econ.feedDetails.download")}
                        </Anchor>
                      ) : (
                        t("econ.feedDetails.noFile")
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </>
  );
}
