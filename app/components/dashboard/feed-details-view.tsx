import { localizedReason } from "~/modules/net/failure-reasons";
import { Anchor, Badge, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ProductFeedDetails } from "~/modules/products/registry.server";
import { DetailsCard, type Row } from "~/components/layout/details-card";
import { SelectionDetails } from "./delivery-details";
import { formatDateTime } from "~/components/layout/format";
import { ProductSelectionDetails } from "./product-views";
import { TableScroll } from "~/components/layout/table-scroll";
import { canRetry, DeliveryList, DeliveryStateBadge, feedRunAnchor, RetryDeliveryButton } from "./delivery-history";

/** Every stored field of a feed of any product (never its FTP password), its schedule and recent runs. */
export function FeedDetailsView({ details }: { details: ProductFeedDetails }) {
  const { feed } = details;
  const { t, i18n } = useTranslation();
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const date = (value: string | null | undefined) => formatDateTime(value, i18n.language);
  const option = (group: string, value: string | undefined) => (value ? t(`econ.options.${group}.${value}`, { defaultValue: value }) : "");

  const general: Row[] = [
    [label("name"), feed.name],
    [label("description"), feed.description],
    [t("econ.feeds.owner"), feed.username],
    [label("frequency"), option("frequency", feed.frequency)],
    [
      label("status"),
      <Badge key="status" color={feed.status === "active" ? "green" : "gray"} variant="light">
        {option("status", feed.status)}
      </Badge>,
    ],
    [t("econ.feeds.created"), date(feed.created)],
  ];
  const schedule: Row[] = [
    [t("econ.feedDetails.nextRun"), date(feed.nextRun) ?? t("econ.feedDetails.notScheduled")],
    [t("econ.feeds.lastRun"), date(feed.lastRun) ?? t("econ.common.never")],
    [t("econ.feedDetails.lastRunStatus"), option("runStatus", feed.lastRunStatus ?? undefined)],
    ...(feed.pauseReason
      ? [
          [
            t("econ.feedDetails.pauseReason"),
            <Text key="pause" c="red" size="sm" data-testid="pause-reason">
              {t(`econ.feedDetails.pauseReasons.${feed.pauseReason}`, { defaultValue: feed.pauseReason })}
            </Text>,
          ] satisfies Row,
        ]
      : []),
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsCard title={t("econ.form.general")} rows={general} testId="details-general" />
        <DetailsCard title={t("econ.feedDetails.schedule")} rows={schedule} testId="details-schedule" />
      </SimpleGrid>
      <SelectionDetails
        selection={<ProductSelectionDetails details={details} kind="feed" />}
        delivery={feed.delivery}
        notification={feed.notification}
      />
      <section aria-labelledby="feed-runs-title">
        <Title order={2} size="h3" id="feed-runs-title" mb="xs">
          {t("econ.feedDetails.runs")}
        </Title>
        {feed.runs.length === 0 ? (
          <Text>{t("econ.common.noRecords")}</Text>
        ) : (
          <TableScroll minWidth={960}>
            <Table striped withTableBorder data-testid="feed-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("econ.feedDetails.started")}</Table.Th>
                  <Table.Th scope="col">{t("deliveryHistory.ended")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.runStatus")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.items")}</Table.Th>
                  <Table.Th scope="col">{t("econ.feedDetails.file")}</Table.Th>
                  <Table.Th scope="col">{t("deliveryHistory.deliveries")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {feed.runs.map((run) => (
                  <Table.Tr key={run.id} id={feedRunAnchor(run.id)} data-testid="feed-run" data-state={run.state ?? ""}>
                    <Table.Td>{date(run.startedAt)}</Table.Td>
                    <Table.Td>{date(run.finishedAt)}</Table.Td>
                    <Table.Td>
                      {option("runStatus", run.status)}
                      {run.state && run.state !== "delivered" ? (
                        <>
                          {" "}
                          <DeliveryStateBadge state={run.state} />
                        </>
                      ) : null}
                      {run.error ? (
                        <Text size="xs" c="red.9" data-testid="run-error">
                          {localizedReason(run.error, t)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {run.items}
                      {run.newCount !== null && run.changedCount !== null ? (
                        <Text size="xs" c="dimmed" data-testid="run-counts">
                          {t("deliveryHistory.newAndChanged", { newCount: run.newCount, changedCount: run.changedCount })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {run.file?.downloadUrl ? (
                        <Anchor href={run.file.downloadUrl} download>
                          {t("econ.feedDetails.download")}
                        </Anchor>
                      ) : null}
                      {run.file ? (
                        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                          {run.file.filename} · {run.file.format.toUpperCase()} · {(run.file.size / 1024).toFixed(1)} KB
                        </Text>
                      ) : (
                        t("econ.feedDetails.noFile")
                      )}
                    </Table.Td>
                    <Table.Td>
                      <DeliveryList deliveries={run.deliveries} />
                      {canRetry(run.state) ? <RetryDeliveryButton field="runId" id={run.id} /> : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </section>
    </>
  );
}
