import { Anchor, Badge, Card, Code, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import {
  formatAdditionalData,
  snowflakeIncidentPath,
  type ShownSnowflakeIncident,
  type SnowflakeIncidentSummary,
} from "~/modules/incidents/snowflake-lookup";
import { DetailsCard } from "~/components/layout/details-card";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "./no-records";
import { TableScroll } from "~/components/layout/table-scroll";

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
export function SnowflakeIncidentDetails({ incident }: { incident: ShownSnowflakeIncident }) {
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
        ]}
      />
      <TextBlock title={t("admin.incidents.stacktrace")} text={incident.stacktrace} testId="snowflake-stacktrace" />
      <TextBlock title={t("admin.snowflake.additionalData")} text={formatAdditionalData(incident.data)} testId="snowflake-data" />
    </Stack>
  );
}

/** The recent snowflake incidents, each opening its details. */
export function SnowflakeIncidentsTable({ incidents }: { incidents: SnowflakeIncidentSummary[] }) {
  const { t, i18n } = useTranslation();
  if (incidents.length === 0) {
    return <NoRecords />;
  }
  return (
    <TableScroll minWidth={800}>
      <Table striped highlightOnHover withTableBorder data-testid="snowflake-table">
        <Table.Caption>{t("admin.snowflake.caption", { count: incidents.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("admin.incidents.id")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.created")}</Table.Th>
            <Table.Th scope="col">{t("admin.snowflake.severity")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.message")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((incident) => (
            <Table.Tr key={incident.id} data-testid="snowflake-row">
              <Table.Th scope="row" fw={500}>
                <Anchor
                  component={AppLink}
                  to={snowflakeIncidentPath(incident.id)}
                  aria-label={t("admin.snowflake.open", { id: incident.id })}
                >
                  <Code>{incident.id.slice(0, 8)}</Code>
                </Anchor>
              </Table.Th>
              <Table.Td>{formatDateTime(incident.created, i18n.language)}</Table.Td>
              <Table.Td>
                <SeverityBadge severity={incident.severity} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{incident.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
