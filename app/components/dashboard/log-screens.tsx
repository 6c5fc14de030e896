import { Badge, Card, Code, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { LogPage, LogScreenName } from "~/modules/admin/log-screen.server";
import type { IncidentSummary, ShownIncident } from "~/modules/incidents/incident-lookup";
import { incidentLookupPath } from "~/modules/incidents/incident-path";
import {
  formatAdditionalData,
  severityFilters,
  snowflakeIncidentPath,
  type ShownSnowflakeIncident,
  type SnowflakeIncidentSummary,
} from "~/modules/incidents/snowflake-lookup";
import { outboxMessagePath, outboxStatusFilters, type OutboxMessageSummary, type ShownOutboxMessage } from "~/modules/mail/outbox-lookup";
import { DetailsCard } from "~/components/layout/details-card";
import { Truncated } from "~/components/layout/truncated";
import { incidentSubjectRows } from "./delivery-history";
import { formatDateTime } from "~/components/layout/format";
import { LogScreenView, LogTable, type LogTableSpec, type LogView } from "./log-screen-view";

/** The views of the admin log screens (modules/admin/log-screen.server.ts holds their server halves). */

type PageOf<Name extends LogScreenName> = Extract<LogPage, { screen: Name }>;

/** A log id in a table: its first eight characters. */
const shortId = (row: { id: string }) => <Code>{row.id.slice(0, 8)}</Code>;

/** One incident: its fields, then the stack trace as recorded; a pipeline incident's id shows that incident. */
function IncidentDetails({ row: incident }: { row: ShownIncident | (ShownSnowflakeIncident & { pipeline: true }) }) {
  const { t, i18n } = useTranslation();
  if ("pipeline" in incident) return <SnowflakeIncidentDetails row={incident} />;
  return (
    <Stack gap="md" data-testid="incident">
      <DetailsCard
        title={t("admin.incidents.detailsTitle", { id: incident.id })}
        testId="incident-details"
        rows={[
          [t("admin.incidents.id"), incident.id],
          [t("admin.incidents.created"), formatDateTime(incident.created, i18n.language)],
          [t("admin.incidents.path"), incident.path],
          [t("admin.incidents.message"), incident.message],
          [t("admin.incidents.query"), incident.query],
          [t("admin.incidents.username"), incident.username],
        ]}
      />
      <Card withBorder padding="md" component="section" aria-label={t("admin.incidents.stacktrace")}>
        <Title order={2} size="h4" mb="xs">
          {t("admin.incidents.stacktrace")}
        </Title>
        <Code block data-testid="incident-stacktrace">
          {incident.stacktrace}
        </Code>
      </Card>
    </Stack>
  );
}

const incidentsTable: LogTableSpec<IncidentSummary> = {
  testId: "incidents-table",
  rowTestId: "incident-row",
  caption: "admin.incidents.caption",
  minWidth: 900,
  link: { header: "admin.incidents.id", to: incidentLookupPath, label: "admin.incidents.open", cell: shortId },
  columns: [
    { header: "admin.incidents.created", cell: (incident, _t, language) => formatDateTime(incident.created, language) },
    { header: "admin.incidents.path", cell: (incident) => <Truncated text={`${incident.path}${incident.query}`} /> },
    { header: "admin.incidents.username", cell: (incident, t) => incident.username ?? t("econ.common.none") },
    { header: "admin.incidents.message", cell: (incident) => <Truncated text={incident.message} max="24rem" /> },
  ],
};

const incidentsView: LogView<PageOf<"incidents">> = {
  prefix: "admin.incidents",
  listTitle: "admin.incidents.recentTitle",
  lookupInputId: "incident-id",
  filters: [
    { name: "path", inputId: "incidents-path", label: "admin.incidents.path" },
    { name: "username", inputId: "incidents-username", label: "admin.incidents.username" },
    { name: "from", inputId: "incidents-from", label: "admin.incidents.from", type: "date" },
    { name: "to", inputId: "incidents-to", label: "admin.incidents.to", type: "date" },
  ],
  Details: IncidentDetails,
  List: ({ list }) => <LogTable spec={incidentsTable} rows={list.incidents} />,
};

const severityColors: Record<string, string> = { critical: "red", error: "orange", warning: "yellow", info: "blue" };

/** A severity as recorded, translated when it is one of ours. */
function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={severityColors[severity] ?? "gray"} variant={severity === "critical" ? "filled" : "light"}>
      {t(`admin.snowflake.severities.${severity}`, { defaultValue: severity })}
    </Badge>
  );
}

/** A block of recorded text: React writes it as text, so markup in it is never rendered. */
function TextBlock({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {text ? (
        <Code block data-testid={testId}>
          {text}
        </Code>
      ) : (
        <Text data-testid={testId}>{t("econ.common.none")}</Text>
      )}
    </Card>
  );
}

/** One snowflake incident: its fields, the stack trace and the additional data as indented JSON. */
function SnowflakeIncidentDetails({ row: incident }: { row: ShownSnowflakeIncident }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid="snowflake-incident">
      <DetailsCard
        title={t("admin.snowflake.detailsTitle", { id: incident.id })}
        testId="snowflake-incident-details"
        rows={[
          [t("admin.incidents.id"), incident.id],
          [t("admin.incidents.created"), formatDateTime(incident.created, i18n.language)],
          [t("admin.snowflake.severity"), <SeverityBadge key="severity" severity={incident.severity} />],
          [t("admin.incidents.message"), incident.message],
          ...(incident.subject ? incidentSubjectRows(incident.subject, t) : []),
        ]}
      />
      <TextBlock title={t("admin.incidents.stacktrace")} text={incident.stacktrace} testId="snowflake-stacktrace" />
      <TextBlock title={t("admin.snowflake.additionalData")} text={formatAdditionalData(incident.data)} testId="snowflake-data" />
    </Stack>
  );
}

const snowflakeTable: LogTableSpec<SnowflakeIncidentSummary> = {
  testId: "snowflake-table",
  rowTestId: "snowflake-row",
  caption: "admin.snowflake.caption",
  minWidth: 800,
  link: { header: "admin.incidents.id", to: snowflakeIncidentPath, label: "admin.snowflake.open", cell: shortId },
  columns: [
    { header: "admin.incidents.created", cell: (incident, _t, language) => formatDateTime(incident.created, language) },
    { header: "admin.snowflake.severity", cell: (incident) => <SeverityBadge severity={incident.severity} /> },
    { header: "admin.incidents.message", cell: (incident) => <Truncated text={incident.message} max="30rem" /> },
  ],
};

const snowflakeView: LogView<PageOf<"snowflake-incidents">> = {
  prefix: "admin.snowflake",
  listTitle: "admin.snowflake.recentTitle",
  filters: [
    {
      name: "severity",
      inputId: "snowflake-severity",
      label: "admin.snowflake.severity",
      options: { values: severityFilters, labels: "admin.snowflake.severities" },
    },
    { name: "from", inputId: "snowflake-from", label: "admin.incidents.from", type: "date" },
    { name: "to", inputId: "snowflake-to", label: "admin.incidents.to", type: "date" },
  ],
  Details: SnowflakeIncidentDetails,
  List: ({ list }) => <LogTable spec={snowflakeTable} rows={list.incidents} />,
};

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
function OutboxMessageDetails({ row: message }: { row: ShownOutboxMessage }) {
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

const outboxTable: LogTableSpec<OutboxMessageSummary> = {
  testId: "outbox-table",
  rowTestId: "outbox-row",
  caption: "admin.outbox.caption",
  minWidth: 800,
  link: { header: "admin.outbox.subject", to: outboxMessagePath, cell: (message) => <Truncated text={message.subject} max="24rem" /> },
  columns: [
    { header: "admin.outbox.to", cell: (message) => message.to },
    { header: "admin.outbox.created", cell: (message, _t, language) => formatDateTime(message.created, language) },
    { header: "admin.outbox.status", cell: (message) => <OutboxStatusBadge status={message.status} /> },
    { header: "admin.outbox.attempts", cell: (message) => message.attempts },
  ],
};

const outboxView: LogView<PageOf<"outbox">> = {
  prefix: "admin.outbox",
  listTitle: "admin.outbox.listTitle",
  Notes: function OutboxNotes({ page }) {
    const { t } = useTranslation();
    return (
      <>
        <Text c="dimmed" data-testid="outbox-delivery">
          {t(page.smtp ? "admin.outbox.smtpOn" : "admin.outbox.smtpOff")}
        </Text>
        <Text c="dimmed">{t("admin.outbox.securityNote")}</Text>
      </>
    );
  },
  filters: [
    {
      name: "status",
      inputId: "outbox-status",
      label: "admin.outbox.status",
      options: { values: outboxStatusFilters, labels: "admin.outbox.statuses" },
    },
    { name: "recipient", inputId: "outbox-recipient", label: "admin.outbox.recipient", type: "search", autoComplete: "off" },
  ],
  Details: OutboxMessageDetails,
  List: function OutboxList({ list }) {
    const { t } = useTranslation();
    return (
      <>
        {list.total > list.messages.length ? (
          <Text data-testid="outbox-showing">{t("admin.outbox.showingLatest", { shown: list.messages.length, total: list.total })}</Text>
        ) : null}
        <LogTable spec={outboxTable} rows={list.messages} />
      </>
    );
  },
};

/** The page of an admin log screen, with its view. */
export function LogScreenPage({ page }: { page: LogPage }) {
  switch (page.screen) {
    case "incidents":
      return <LogScreenView view={incidentsView} page={page} />;
    case "snowflake-incidents":
      return <LogScreenView view={snowflakeView} page={page} />;
    case "outbox":
      return <LogScreenView view={outboxView} page={page} />;
  }
}
