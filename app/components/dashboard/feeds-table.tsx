import { Anchor, Badge, Button, Checkbox, Group, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { placePath, type ProductPlace } from "~/modules/products/places";
import type { FeedListItem } from "~/modules/feeds/feed-queries.server";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "./no-records";
import { TableScroll } from "~/components/layout/table-scroll";
import { Truncated } from "~/components/layout/truncated";

/** The feeds of a product's list page (linking within its `place`), each with a checkbox (named feedId) for the bulk actions of the surrounding form. */
export function FeedsTable({ feeds, showOwner, place }: { feeds: FeedListItem[]; showOwner: boolean; place: ProductPlace }) {
  const { t, i18n } = useTranslation();
  if (feeds.length === 0) {
    return <NoRecords />;
  }
  return (
    <TableScroll minWidth={900}>
      <Table striped highlightOnHover withTableBorder data-testid="feeds-table" className="one-line-rows">
        <Table.Caption>{t("econ.feeds.caption", { count: feeds.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <span className="visually-hidden">{t("econ.feeds.select")}</span>
            </Table.Th>
            <Table.Th scope="col">{t("econ.feeds.name")}</Table.Th>
            {showOwner ? <Table.Th scope="col">{t("econ.feeds.owner")}</Table.Th> : null}
            <Table.Th scope="col">{t("econ.feeds.frequency")}</Table.Th>
            <Table.Th scope="col">{t("econ.feeds.status")}</Table.Th>
            <Table.Th scope="col">{t("econ.feeds.deliveryMethod")}</Table.Th>
            <Table.Th scope="col">{t("econ.feeds.created")}</Table.Th>
            <Table.Th scope="col">{t("econ.feeds.lastRun")}</Table.Th>
            <Table.Th scope="col">{t("econ.feedDetails.nextRun")}</Table.Th>
            <Table.Th scope="col">{t("econ.feeds.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {feeds.map((feed) => (
            <Table.Tr key={feed.id} data-testid="feed-row">
              <Table.Td>
                <Checkbox
                  name="feedId"
                  value={feed.id}
                  id={`select-${feed.id}`}
                  aria-label={t("econ.feeds.selectFeed", { name: feed.name })}
                />
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                <Anchor component={AppLink} to={placePath(place, "feed-details", feed.id)}>
                  <Truncated text={feed.name} />
                </Anchor>
              </Table.Th>
              {showOwner ? (
                <Table.Td>
                  <Truncated text={feed.username} max="14rem" />
                </Table.Td>
              ) : null}
              <Table.Td>{t(`econ.options.frequency.${feed.frequency}`, { defaultValue: feed.frequency })}</Table.Td>
              <Table.Td>
                <Badge color={feed.status === "active" ? "green" : "gray"} variant="light">
                  {t(`econ.options.status.${feed.status}`, { defaultValue: feed.status })}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`econ.options.deliveryMethod.${feed.deliveryMethod}`, { defaultValue: feed.deliveryMethod })}</Table.Td>
              <Table.Td>{formatDateTime(feed.created, i18n.language)}</Table.Td>
              <Table.Td>
                {feed.lastRun
                  ? `${formatDateTime(feed.lastRun, i18n.language)} (${t(`econ.options.runStatus.${feed.lastRunStatus ?? "running"}`, { defaultValue: feed.lastRunStatus ?? "" })})`
                  : t("econ.common.never")}
              </Table.Td>
              <Table.Td>{formatDateTime(feed.nextRun, i18n.language) ?? t("econ.feedDetails.notScheduled")}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {/* The row's three actions look alike: one button style for the post and the two links. */}
                  <Button
                    type="submit"
                    name="toggle"
                    value={feed.id}
                    size="compact-sm"
                    variant="default"
                    aria-label={t(feed.status === "active" ? "econ.feeds.deactivateOf" : "econ.feeds.activateOf", { name: feed.name })}
                  >
                    {t(feed.status === "active" ? "econ.feeds.deactivate" : "econ.feeds.activate")}
                  </Button>
                  <Button
                    component={AppLink}
                    to={placePath(place, "feed-details", feed.id)}
                    size="compact-sm"
                    variant="default"
                    aria-label={t("econ.feeds.detailsOf", { name: feed.name })}
                  >
                    {t("econ.feeds.details")}
                  </Button>
                  <Button
                    component={AppLink}
                    to={placePath(place, "edit-feed", feed.id)}
                    size="compact-sm"
                    variant="default"
                    aria-label={t("econ.feeds.editOf", { name: feed.name })}
                  >
                    {t("econ.feeds.edit")}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
