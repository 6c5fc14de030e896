import { Anchor, Badge, Card, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { outboxMessagePath, type OutboxMessageSummary, type ShownOutboxMessage } from "~/modules/mail/outbox-lookup";
import { DetailsCard } from "~/components/layout/details-card";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "./no-records";
import { TableScroll } from "~/components/layout/table-scroll";

const statusColors: Record<string, string> = { stored: "blue", sent: "green", failed: "red" };

function OutboxStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status] ?? "gray"} variant="light">
      {t(`admin.outbox.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** One message: its headers and delivery, then the body as plain text (React writes it as text, never as markup). */
export function OutboxMessageDetails({ message }: { message: ShownOutboxMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <DetailsCard
        title={t("admin.outbox.detailsTitle", { subject: message.subject })}
        testId="outbox-message"
        rows={[
          [t("admin.outbox.to"), message.to],
          [t("admin.outbox.replyTo"), message.replyTo],
          [t("admin.outbox.subject"), message.subject],
          [t("admin.outbox.created"), formatDateTime(message.created, i18n.language)],
          [t("admin.outbox.status"), <OutboxStatusBadge key="status" status={message.status} />],
          [t("admin.outbox.attempts"), String(message.attempts)],
          [t("admin.outbox.lastError"), message.lastError],
          [t("admin.outbox.sentAt"), formatDateTime(message.sentAt, i18n.language)],
          [t("admin.outbox.id"), message.id],
        ]}
      />
      <Card withBorder padding="md" component="section" aria-label={t("admin.outbox.body")}>
        <Title order={2} size="h4" mb="xs">
          {t("admin.outbox.body")}
        </Title>
        <Text data-testid="outbox-body" ff="monospace" fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.body}
        </Text>
      </Card>
    </>
  );
}

/** The latest messages, each opening its details. */
export function OutboxTable({ messages }: { messages: OutboxMessageSummary[] }) {
  const { t, i18n } = useTranslation();
  if (messages.length === 0) {
    return <NoRecords />;
  }
  return (
    <TableScroll minWidth={800}>
      <Table striped highlightOnHover withTableBorder data-testid="outbox-table">
        <Table.Caption>{t("admin.outbox.caption", { count: messages.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("admin.outbox.subject")}</Table.Th>
            <Table.Th scope="col">{t("admin.outbox.to")}</Table.Th>
            <Table.Th scope="col">{t("admin.outbox.created")}</Table.Th>
            <Table.Th scope="col">{t("admin.outbox.status")}</Table.Th>
            <Table.Th scope="col">{t("admin.outbox.attempts")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id} data-testid="outbox-row">
              <Table.Th scope="row" fw={500} style={{ overflowWrap: "anywhere" }}>
                <Anchor component={AppLink} to={outboxMessagePath(message.id)}>
                  {message.subject}
                </Anchor>
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{message.to}</Table.Td>
              <Table.Td>{formatDateTime(message.created, i18n.language)}</Table.Td>
              <Table.Td>
                <OutboxStatusBadge status={message.status} />
              </Table.Td>
              <Table.Td>{message.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
